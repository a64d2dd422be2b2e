import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { pageTitle } from '../components/brand';

/** The '*' page: any path that is not a route. Logs the requested path, as the spec requires. */
export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <>
      <title>{pageTitle('Page not found')}</title>
      <section className="flex min-h-[60vh] items-center justify-center bg-paper px-4 py-20">
        <div className="text-center">
          <p className="font-display text-8xl font-bold text-ink-900 sm:text-9xl">
            404
          </p>
          <div className="mx-auto mt-4 h-1 w-16 rounded bg-gold-500" aria-hidden="true" />
          <h1 className="mt-6 text-xl text-slate-700 sm:text-2xl">
            Oops! Page not found
          </h1>
          <Link
            to="/"
            className="mt-8 inline-flex items-center gap-2 rounded-md bg-ink-900 px-6 py-3 font-semibold text-white transition-colors hover:bg-ink-800"
          >
            Return to Home
          </Link>
        </div>
      </section>
    </>
  );
}
