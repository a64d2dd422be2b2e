/** A tab opened inside a click, whose address comes later (after a server call). */
export interface PendingTab {
  /** Sends the tab to `url`; when the browser refused the tab, this page goes there instead. */
  go(url: string): void;
  /** Closes the tab (nothing to show in it after all). */
  close(): void;
}

/**
 * Opens a blank tab at once. Call it synchronously in the click (or submit) handler, before any await: browsers that
 * allow pop-ups only from the click itself refuse a window.open made after a server call. The blank page is ours, so
 * its link back to this page is cut before it goes anywhere else.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url) {
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      tab?.close();
    },
  };
}
