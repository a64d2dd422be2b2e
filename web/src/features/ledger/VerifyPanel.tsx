import { useEffect, useEffectEvent, useState } from 'react';
import { formatCount } from '@app/common/domain/format';
import { verifyRow, type VerifyResult } from './verify';

/** The outcome of verifying one log row in this browser (a lazily loaded chunk: the page's weight stays as it was). Keyed by the index, so another row starts afresh. */
export default function VerifyPanel({ index, onClose, onSettled }: { index: number; onClose: () => void; onSettled?: (index: number) => void }) {
  const [result, setResult] = useState<VerifyResult | null>(null);
  // One verification per row shown: the page's callback is new at each of its renders.
  const settled = useEffectEvent((shown: number) => onSettled?.(shown));
  useEffect(() => {
    let live = true;
    void verifyRow(index).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [index]);
  // Told once the outcome is on screen, not with it: the page then puts the row in the address, a router navigation
  // whose re-render of the site would otherwise come before the outcome's.
  useEffect(() => {
    if (result) settled(index);
  }, [result, index]);
  const tone = !result ? 'border-slate-200 bg-white' : result.ok ? 'border-green-300 bg-green-50 text-green-950' : 'border-red-300 bg-red-50 text-red-950';
  return (
    <section aria-live="polite" data-testid="ledger-verify" data-outcome={result ? (result.ok ? 'verified' : 'failed') : 'checking'} className={`rounded-xl border p-4 ${tone}`}>
      <div className="flex items-start justify-between gap-4">
        <h2 className="font-display text-xl font-semibold">{result ? result.headline : `Checking row ${formatCount(index + 1)} in your browser…`}</h2>
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-semibold text-ink-900">
          Close
        </button>
      </div>
      {result && (
        <>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          {result.verifierKey && (
            <p className="mt-3 break-all text-xs text-slate-700">
              Checked against the ledger key <code className="font-mono">{result.verifierKey}</code>. Compare it with the one published in the project README.
            </p>
          )}
        </>
      )}
    </section>
  );
}
