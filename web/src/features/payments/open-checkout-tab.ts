import { openPendingTab } from '../../lib/new-tab';

/**
 * Opens a tab synchronously (inside the click, so pop-up blockers allow it), then points it at the
 * checkout once the server answers; closes it again if the call fails. Without a tab (blocked), the
 * current page goes to the checkout instead.
 */
export async function openCheckoutInNewTab(start: () => Promise<{ url: string }>): Promise<void> {
  const tab = openPendingTab();
  try {
    const { url } = await start();
    if (!url) throw new Error('No payment URL received');
    tab.go(url);
  } catch (err) {
    tab.close();
    throw err;
  }
}
