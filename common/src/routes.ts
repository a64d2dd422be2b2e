/**
 * The web app's client-side routes. The API answers these paths with the app shell and status 200;
 * any other non-API path gets the same shell (which renders the 404 page) with status 404.
 * Patterns use `:param` for one path segment. Add a route here when its page is added to web/src/app.tsx (PAGES).
 */
export const WEB_ROUTES = [
  '/',
  '/token-ledger',
  '/auth',
  '/community',
  '/security',
  '/token-admin',
  '/donation-success',
  '/payment-success',
  '/investment-portal',
  '/investment-success',
  '/profile/:username',
  '/business-ecosystem',
  '/speakers',
  '/speaker-studio',
  '/pitch-deck',
  '/dog-pound',
  '/incubator-application',
  '/incubator',
  '/events/i-am-the-business',
  '/admin/submissions',
  '/admin/outbox',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/admin/payments',
  '/admin/cohorts',
  '/admin/settings',
  '/account',
  '/receipts',
] as const;

/** Whether `pathname` is one of WEB_ROUTES (trailing slash tolerated). */
export function isWebRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_ROUTES.some((pattern) => {
    const a = pattern.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
  });
}

/**
 * The public pages search engines may index: rendered to HTML at build time (scripts/prerender-web.ts; the ledger
 * by the API with its current figures), listed in /sitemap.xml. Every other page is `noindex`.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/pitch-deck',
  '/token-ledger',
  '/dog-pound',
  '/incubator',
  '/incubator-application',
  '/events/i-am-the-business',
  '/business-ecosystem',
] as const satisfies ReadonlyArray<(typeof WEB_ROUTES)[number]>;

/**
 * The public pages that show the program's cohort (dates, seats, price): the API renders them per request with the
 * program seed (loadProgramSeed), so no built page states a cohort that data has since changed.
 */
export const PROGRAM_ROUTES = ['/', '/pitch-deck', '/incubator', '/incubator-application', '/events/i-am-the-business'] as const satisfies ReadonlyArray<(typeof PUBLIC_ROUTES)[number]>;

/**
 * Pages also rendered at build time but not indexed: the payment success pages' neutral shell (their state
 * depends on the visitor's payment, which the page verifies after loading).
 */
export const PRERENDERED_PRIVATE_ROUTES = ['/donation-success', '/payment-success'] as const satisfies ReadonlyArray<(typeof WEB_ROUTES)[number]>;
