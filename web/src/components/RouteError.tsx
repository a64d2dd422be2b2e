import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** What a page that threw while rendering (or whose code failed to load) shows instead, inside the site chrome. */
function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('Unexpected error while rendering the page:', error);
  }, [error]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold text-ink-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">This page could not be shown. Reloading usually helps; if it does not, please try again later.</p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-ink-900 px-5 py-2.5 font-semibold text-white hover:bg-ink-800">
          Reload
        </button>
        <Link to="/" className="rounded-md border border-ink-900/20 px-5 py-2.5 font-semibold text-ink-900 hover:bg-white">
          Return to Home
        </Link>
      </div>
    </section>
  );
}

/** Catches a page's render errors and failed code loads; Layout keys it by path, so navigating away clears it. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Logged by RouteError when it shows.
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
