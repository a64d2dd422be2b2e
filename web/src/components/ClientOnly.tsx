import { useSyncExternalStore, type ComponentType } from 'react';
import { PageFallback } from './Layout';

const subscribe = () => () => undefined;

/**
 * `Page` in the browser, the page's loading state when rendered at build time. Hydration uses the server value too,
 * so the built HTML and the browser's first render agree (no mismatch); the page replaces the fallback right after.
 */
export function inBrowserOnly(Page: ComponentType): ComponentType {
  return function BrowserOnly() {
    const inBrowser = useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    );
    return inBrowser ? <Page /> : <PageFallback />;
  };
}
