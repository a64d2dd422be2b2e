import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from './brand';
import { Emblem } from './Logo';

/** Copyright year as the spec states it: 2035 on the home page footer, 2025 everywhere else. */
export function copyrightYear(pathname: string): number {
  return pathname === '/' ? 2035 : 2025;
}

function TopBar() {
  const navClass = ({ isActive }: { isActive: boolean }) =>
    [
      'rounded-md px-3 py-2 text-sm font-semibold tracking-wide transition-colors',
      isActive ? 'bg-ink-800 text-gold-300' : 'text-slate-200 hover:bg-ink-800 hover:text-white',
    ].join(' ');
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gold-500/30 bg-ink-900 shadow-md shadow-black/20">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="group flex min-w-0 items-center gap-2.5 rounded-md" aria-label={`${PRODUCT_NAME} home`}>
          <Emblem className="h-9 w-9 shrink-0" />
          <span className="truncate font-display text-xl font-semibold tracking-wide text-white group-hover:text-gold-300">
            {PRODUCT_NAME}
          </span>
        </Link>
        <nav aria-label="Main">
          <NavLink to="/token-ledger" className={navClass}>
            Token Ledger
          </NavLink>
        </nav>
      </div>
    </header>
  );
}

function Footer({ year }: { year: number }) {
  return (
    <footer className="border-t border-gold-500/20 bg-ink-950 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2.5">
          <Emblem className="h-7 w-7" />
          <span className="font-display text-lg text-white">{PRODUCT_NAME}</span>
        </div>
        <nav aria-label="Footer" className="flex gap-5 text-sm">
          <Link to="/" className="hover:text-gold-300">
            Home
          </Link>
          <Link to="/token-ledger" className="hover:text-gold-300">
            Token Ledger
          </Link>
        </nav>
        <p className="text-sm text-slate-400" data-testid="copyright">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
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
      <TopBar />
      <main id="main" className="flex-1 pt-16">
        {children ?? <Outlet />}
      </main>
      <Footer year={copyrightYear(pathname)} />
    </div>
  );
}

/** Shown while the first page's code is loading. */
export function LayoutFallback() {
  return (
    <Layout>
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-gold-500 border-t-transparent" />
        <span className="sr-only">Loading…</span>
      </div>
    </Layout>
  );
}
