import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSignInPath } from '../features/auth/sign-in-link';
import { onSessionLost } from '../lib/session';
import { useScrollToHash } from '../lib/scroll';
import { TopNav } from './nav/TopNav';
import { RouteErrorBoundary } from './RouteError';
import { SiteFooter } from './SiteFooter';

/** Shown in the page's place while its code loads (tall, so the footer stays below the fold and nothing jumps). */
export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-gold-500 border-t-transparent motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** Sends a member whose session ended (seen through a 401) to sign in, and back to this page afterwards. */
function useSignInWhenSessionEnds(): void {
  const navigate = useNavigate();
  const signIn = useSignInPath();
  useEffect(() => onSessionLost(() => navigate(signIn)), [navigate, signIn]);
}

/**
 * The page chrome: skip link, fixed top bar, the matched page (code-split: a spinner while it loads, an error view
 * if it fails) and the footer; scrolls to the hash (or the top) after each navigation.
 */
export function Layout() {
  const { pathname } = useLocation();
  useScrollToHash();
  useSignInWhenSessionEnds();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-gold-500 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="min-h-dvh flex-1 pt-16">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {/* The current year on every page (the server renders pages again when the year turns: api/src/plugins/web.ts). */}
      <SiteFooter year={new Date().getFullYear()} />
    </div>
  );
}
