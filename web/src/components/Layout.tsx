import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useScrollToHash } from '../lib/scroll';
import { TopNav } from './nav/TopNav';
import { SiteFooter } from './SiteFooter';

/** Copyright year as the spec states it: 2035 on the home page footer, 2025 everywhere else. */
export function copyrightYear(pathname: string): number {
  return pathname === '/' ? 2035 : 2025;
}

/** Scrolls to the hash (or the top) after each navigation; a component so the fallback layout can skip it. */
function ScrollManager() {
  useScrollToHash();
  return null;
}

/** The page chrome: skip link, fixed top bar, the page (`children`, or the matched route) and the footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-gold-500 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <TopNav />
      {!children && <ScrollManager />}
      <main id="main" className="min-h-dvh flex-1 pt-16">
        {children ?? <Outlet />}
      </main>
      <SiteFooter year={copyrightYear(pathname)} />
    </div>
  );
}

/** Shown while the first page's code is loading. */
export function LayoutFallback() {
  return (
    <Layout>
      <div className="flex min-h-dvh items-center justify-center" role="status">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-gold-500 border-t-transparent" />
        <span className="sr-only">Loading…</span>
      </div>
    </Layout>
  );
}
