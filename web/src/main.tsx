import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { WEB_ROUTES } from '@app/common/routes';
import { Layout, LayoutFallback } from './components/Layout';
import { RouteError } from './components/RouteError';
import { Toaster } from './components/ui/toast';
import './styles.css';

type PageModule = { default: ComponentType };

/**
 * One code-split page per path in WEB_ROUTES (the keys must be exactly those paths, so a route added there
 * without a page here fails the type check), plus the '*' not-found page.
 */
const PAGES: Record<(typeof WEB_ROUTES)[number], () => Promise<PageModule>> = {
  '/': () => import('./routes/Home'),
  '/token-ledger': () => import('./routes/TokenLedger'),
  '/auth': () => import('./routes/Auth'),
  '/community': () => import('./routes/Community'),
  '/security': () => import('./routes/Security'),
  '/token-admin': () => import('./routes/TokenAdmin'),
  '/donation-success': () => import('./routes/DonationSuccess'),
  '/payment-success': () => import('./routes/PaymentSuccess'),
  '/investment-portal': () => import('./routes/InvestmentPortal'),
  '/investment-success': () => import('./routes/InvestmentSuccess'),
  '/profile/:username': () => import('./routes/Profile'),
  '/business-ecosystem': () => import('./routes/BusinessEcosystem'),
  '/speakers': () => import('./routes/Speakers'),
};

function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const routes: RouteObject[] = [
  {
    Component: Layout,
    HydrateFallback: LayoutFallback,
    ErrorBoundary: RouteError,
    children: [
      ...WEB_ROUTES.map((path): RouteObject => ({ path, lazy: lazyPage(PAGES[path]) })),
      { path: '*', lazy: lazyPage(() => import('./routes/NotFound')) },
    ],
  },
];

const router = createBrowserRouter(routes);

/** Retry network failures and 5xx/429 answers, not other 4xx (duck-typed on ApiError.statusCode so this entry chunk stays free of zod). */
function isRetryable(err: unknown): boolean {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    },
  },
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
