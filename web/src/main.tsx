import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { WEB_ROUTES } from '@app/common/routes';
import { Layout, LayoutFallback } from './components/Layout';
import { RouteError } from './components/RouteError';
import { Toaster } from './components/ui/toast';
import './styles.css';

type PageModule = { default: ComponentType };

/** A page and whether it reads the API through TanStack Query (then the query cache is loaded and provided with it). */
interface Page {
  load: () => Promise<PageModule>;
  query?: boolean;
}

/**
 * One code-split page per path in WEB_ROUTES (the keys must be exactly those paths, so a route added there
 * without a page here fails the type check), plus the '*' not-found page. Pages that need no query cache say
 * `query: false`, which keeps TanStack Query out of what they load (the landing page's budget).
 */
const PAGES: Record<(typeof WEB_ROUTES)[number], Page> = {
  '/': { load: () => import('./routes/Home'), query: false },
  '/token-ledger': { load: () => import('./routes/TokenLedger') },
  '/pitch-deck': { load: () => import('./routes/PitchDeck'), query: false },
  '/dog-pound': { load: () => import('./routes/DogPound'), query: false },
  '/incubator-application': { load: () => import('./routes/IncubatorApplication'), query: false },
  '/incubator': { load: () => import('./routes/IncubatorInfo'), query: false },
  '/events/i-am-the-business': { load: () => import('./routes/EventDetails'), query: false },
  '/admin/submissions': { load: () => import('./routes/AdminSubmissions') },
};

function lazyPage({ load, query = true }: Page): RouteObject['lazy'] {
  return async () => {
    const [page, provider] = await Promise.all([load(), query ? import('./lib/query') : null]);
    const Page = page.default;
    if (!provider) return { Component: Page };
    const { QueryProvider } = provider;
    return {
      Component: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  };
}

const routes: RouteObject[] = [
  {
    Component: Layout,
    HydrateFallback: LayoutFallback,
    ErrorBoundary: RouteError,
    children: [
      ...WEB_ROUTES.map((path): RouteObject => ({ path, lazy: lazyPage(PAGES[path]) })),
      { path: '*', lazy: lazyPage({ load: () => import('./routes/NotFound'), query: false }) },
    ],
  },
];

const router = createBrowserRouter(routes);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
  </StrictMode>,
);
