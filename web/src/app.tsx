import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { WEB_ROUTES } from '@app/common/routes';
import { inBrowserOnly } from './components/ClientOnly';
import { Layout } from './components/Layout';
import { Toaster } from './components/ui/toast';
import { PageReady } from './lib/early-input';

type PageModule = { default: ComponentType };

/** A page and whether it reads the API through TanStack Query (then the query cache is loaded and provided with it). */
interface Page {
  load: () => Promise<PageModule>;
  query?: boolean;
  /** Rendered only in the browser: the HTML built for it is the neutral shell (the page depends on the visitor). */
  clientOnly?: boolean;
}

/**
 * One code-split page per path in WEB_ROUTES (the keys must be exactly those paths, so a route added there
 * without a page here fails the type check), plus the '*' not-found page. Pages that need no query cache say
 * `query: false`, which keeps TanStack Query out of what they load (the landing page's budget).
 */
const PAGES: Record<(typeof WEB_ROUTES)[number], Page> = {
  '/': { load: () => import('./routes/Home'), query: false },
  // Reads its two answers without the query library (features/ledger/use-ledger-data.ts): the page's JS budget, docs/decisions/0002-public-ledger-page-weight.md.
  '/token-ledger': { load: () => import('./routes/TokenLedger'), query: false },
  '/pitch-deck': { load: () => import('./routes/PitchDeck'), query: false },
  '/dog-pound': { load: () => import('./routes/DogPound'), query: false },
  '/incubator-application': { load: () => import('./routes/IncubatorApplication'), query: false },
  '/incubator': { load: () => import('./routes/IncubatorInfo'), query: false },
  '/events/i-am-the-business': { load: () => import('./routes/EventDetails'), query: false },
  '/admin/submissions': { load: () => import('./routes/AdminSubmissions') },
  '/admin/outbox': { load: () => import('./routes/AdminOutbox') },
  '/admin/payments': { load: () => import('./routes/AdminPayments') },
  '/admin/cohorts': { load: () => import('./routes/AdminCohorts') },
  '/admin/settings': { load: () => import('./routes/AdminSettings') },
  '/newsletter/confirm': { load: () => import('./routes/NewsletterLink'), query: false },
  '/newsletter/unsubscribe': { load: () => import('./routes/NewsletterLink'), query: false },
  '/auth': { load: () => import('./routes/Auth') },
  '/community': { load: () => import('./routes/Community') },
  '/security': { load: () => import('./routes/Security') },
  '/token-admin': { load: () => import('./routes/TokenAdmin') },
  '/donation-success': { load: () => import('./features/payments/DonationSuccess'), clientOnly: true },
  '/payment-success': { load: () => import('./routes/PaymentSuccess'), clientOnly: true },
  '/investment-portal': { load: () => import('./routes/InvestmentPortal'), query: false },
  '/investment-success': { load: () => import('./routes/InvestmentSuccess') },
  '/profile/:username': { load: () => import('./routes/Profile') },
  '/business-ecosystem': { load: () => import('./routes/BusinessEcosystem') },
  '/speakers': { load: () => import('./routes/Speakers') },
  '/speaker-studio': { load: () => import('./routes/SpeakerStudio') },
  '/account': { load: () => import('./routes/Account') },
  '/receipts': { load: () => import('./routes/Receipts') },
};

/** A page loaded on first visit (React.lazy), wrapped in the query cache when it uses one. */
function lazyPage({ load, query = true, clientOnly = false }: Page): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [loaded, provider] = await Promise.all([load(), query ? import('./lib/query') : null]);
    const page = clientOnly ? { default: inBrowserOnly(loaded.default) } : loaded;
    if (!provider) return page;
    const { QueryProvider } = provider;
    const Inner = page.default;
    return {
      default: function WithQueryCache() {
        return (
          <QueryProvider>
            <Inner />
          </QueryProvider>
        );
      },
    };
  });
}

// Declarative routing (not the data router): the pages load their own data, and this keeps ~17 KB (gzip) of router
// code out of the entry chunk that every page pays for.
const ROUTES = WEB_ROUTES.map((path) => ({ path, Page: lazyPage(PAGES[path]) }));
const NotFound = lazyPage({ load: () => import('./routes/NotFound'), query: false });

/** Every page inside the chrome, for the browser (main.tsx) and the build-time renderer (entry-server.tsx) alike. */
export function App() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          {ROUTES.map(({ path, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <PageReady>
                  <Page />
                </PageReady>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <PageReady>
                <NotFound />
              </PageReady>
            }
          />
        </Route>
      </Routes>
      <Toaster />
    </>
  );
}
