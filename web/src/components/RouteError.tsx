import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { Layout } from './Layout';

/** Route-level error boundary: a page that threw while rendering, or whose code failed to load. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected error while rendering the page:', error);
  }, [error]);
  return (
    <Layout>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-semibold text-ink-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">
          This page could not be shown. Reloading usually helps; if it does not, please try again later.
        </p>
        <div className="mt-8 flex gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-ink-900 px-5 py-2.5 font-semibold text-white hover:bg-ink-800"
          >
            Reload
          </button>
          <Link to="/" className="rounded-md border border-ink-900/20 px-5 py-2.5 font-semibold text-ink-900 hover:bg-white">
            Return to Home
          </Link>
        </div>
      </section>
    </Layout>
  );
}
