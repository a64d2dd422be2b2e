import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { readSiteSeed, SiteProvider } from './features/site/site-data';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <SiteProvider initial={readSiteSeed()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SiteProvider>
  </StrictMode>
);

// Public pages arrive rendered (scripts/prerender-web.ts, and /token-ledger from the API): React takes over that
// HTML instead of drawing it again. Other pages arrive as the empty shell. Hydrating inside a transition lets React
// yield to the browser every few milliseconds instead of in one long task: the page is already on screen, and a long
// task here would block input (Lighthouse's total blocking time; docs/decisions/0002-public-ledger-page-weight.md).
if (rootElement.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  createRoot(rootElement).render(app);
}
