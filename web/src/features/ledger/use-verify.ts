import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TLedgerRow } from '@app/common/schemas/ledger';
import type VerifyPanel from './VerifyPanel';

type Panel = typeof VerifyPanel;
// Loaded once a search starts (the way to a Verify button) or a link opens a verification: it carries the Ed25519
// and SHA-256 code the rest of the page does without. Rendered as a plain component once here (no lazy boundary
// to suspend and retry on the click).
let panelModule: Promise<Panel> | null = null;
export const loadVerifyPanel = (): Promise<Panel> =>
  (panelModule ??= import('./VerifyPanel').then(
    (m) => m.default,
    (err: unknown) => {
      panelModule = null;
      throw err;
    },
  ));

/** `?verify=<log index>` (receipts link there) and the Verify action on a found row. */
export function useVerify() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('verify');
  const inUrl = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  // What a click asked for is shown at once, and the address follows once the outcome shows: a router navigation is a
  // transition that re-renders the whole site (every link follows the location), several times the verification's own
  // work on a slow phone, and the verification would wait behind it. Once the address says the same, it leads again;
  // not before the router has caught up with what this hook last wrote there, though: a click that lands while that
  // navigation is still on its way would otherwise meet the old address and give way to it, and the panel would close
  // by itself when the navigation lands.
  const [asked, setAsked] = useState<{ index: number | null } | null>(null);
  /** What was last written to the address while the router's location does not say it yet. */
  const [published, setPublished] = useState<{ value: number | null } | null>(null);
  if (published && published.value === inUrl) setPublished(null);
  else if (!published && asked && asked.index === inUrl) setAsked(null);
  const index = asked ? asked.index : inUrl;
  const [notFound, setNotFound] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(null);
  // A link that opens on a verification (a receipt's): the panel's code is fetched now.
  useEffect(() => {
    if (index === null || Panel) return;
    let live = true;
    loadVerifyPanel().then(
      (p) => live && setPanel(() => p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [index, Panel]);
  const publish = (next: number | null) => {
    if (next === (published ? published.value : inUrl)) return;
    setPublished({ value: next });
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === null) q.delete('verify');
        else q.set('verify', String(next));
        return q;
      },
      { replace: true },
    );
  };
  // The same function at every render, so the memoized rows that offer it are not rendered again by a click.
  const verifyRow = useCallback(async (row: TLedgerRow) => {
    const panel = loadVerifyPanel();
    const { indexOfShownRow, prefetchRowProof } = await import('./verify');
    const found = await indexOfShownRow(row).catch(() => null);
    setNotFound(found === null);
    if (found === null) return;
    // Asked for now, while the panel renders: it would otherwise ask only once mounted.
    prefetchRowProof(found);
    const p = await panel;
    setPanel(() => p);
    setAsked({ index: found });
  }, []);
  const close = () => {
    setAsked({ index: null });
    publish(null);
  };
  /** The panel shows its outcome: now the address says which row (a link to share, Back). */
  const settled = (shown: number) => publish(shown);
  return { index, notFound, Panel, verifyRow, close, settled };
}
