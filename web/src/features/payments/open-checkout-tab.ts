/**
 * Opens a tab synchronously (inside the click, so pop-up blockers allow it), then points it at the
 * checkout once the server answers; closes it again if the call fails. Without a tab (blocked), the
 * current page goes to the checkout instead.
 */
export async function openCheckoutInNewTab(start: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await start();
    if (!url) throw new Error('No payment URL received');
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
