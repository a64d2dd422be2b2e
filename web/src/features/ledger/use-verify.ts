import { useEffect, useState } from 'react';
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
  const index = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
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
  const set = (next: number | null) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === null) q.delete('verify');
        else q.set('verify', String(next));
        return q;
      },
      { replace: true },
    );
  const verifyRow = async (row: TLedgerRow) => {
    const panel = loadVerifyPanel();
    const { indexOfShownRow, prefetchRowProof } = await import('./verify');
    const found = await indexOfShownRow(row).catch(() => null);
    setNotFound(found === null);
    if (found === null) return;
    // Asked for now, while the panel renders: it would otherwise ask only once mounted.
    prefetchRowProof(found);
    const p = await panel;
    setPanel(() => p);
    set(found);
  };
  return { index, notFound, Panel, verifyRow, close: () => set(null) };
}
