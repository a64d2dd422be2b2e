import { useSyncExternalStore, type ComponentType } from 'react';
import { PageFallback } from './Layout';

const subscribe = () => () => undefined;

/**
 * `Page` in the browser, the page's loading state when rendered at build time. Hydration uses the server value too,
 * so the built HTML and the browser's first render agree (no mismatch); the page replaces the fallback right after.
 * The fallback also claims the built page's <title> (the document's current one), so React owns it and replaces it
 * with the page's own title rather than leaving a second one in the head.
 */
export function inBrowserOnly(Page: ComponentType): ComponentType {
  return function BrowserOnly() {
    const inBrowser = useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    );
    if (inBrowser) return <Page />;
    return (
      <>
        <title>{typeof document === 'undefined' ? '' : document.title}</title>
        <PageFallback />
      </>
    );
  };
}
