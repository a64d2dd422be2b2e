import { useId, useState } from 'react';
import { calculatorNote, formatTokens, pitchTokens } from '@app/common/domain/pitch';
import { rateLabel } from '@app/common/domain/payments';
import { useSectorName, useSiteSettings, useTokenSale } from '../site/site-data';
import { cn } from '../../lib/cn';
import type { SectorKey as Sector } from '@app/common/schemas/site';
import { DEFAULT_SECTOR, PITCH_SECTORS } from './content';

type SectorKey = Sector | 'default';

/** The solution's seven sectors: clicking one swaps the panel's title and description (default 'The Seven Sectors'). */
export function SectorExplorer() {
  const [selected, setSelected] = useState<SectorKey>('default');
  const name = useSectorName();
  const chosen = PITCH_SECTORS.find((s) => s.key === selected);
  const current = chosen ? { title: name(chosen.key), description: chosen.description } : { title: DEFAULT_SECTOR.title, description: DEFAULT_SECTOR.description(PITCH_SECTORS.map((s) => name(s.key))) };
  const panelId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.1fr]">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2" aria-label="Sectors">
        {PITCH_SECTORS.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              aria-pressed={selected === s.key}
              aria-controls={panelId}
              onClick={() => setSelected(s.key)}
              className={cn(
                'h-full w-full rounded-xl border-2 px-4 py-3 text-left text-sm font-semibold transition-colors motion-reduce:transition-none',
                selected === s.key ? 'border-gold-500 bg-ink-900 text-white' : 'border-slate-200 bg-white text-ink-900 hover:border-gold-500',
              )}
            >
              {name(s.key)}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-pressed={selected === 'default'}
            aria-controls={panelId}
            onClick={() => setSelected('default')}
            className={cn(
              'h-full w-full rounded-xl border-2 border-dashed px-4 py-3 text-left text-sm font-semibold transition-colors',
              selected === 'default' ? 'border-gold-500 bg-gold-50 text-ink-900' : 'border-slate-300 text-slate-700 hover:border-gold-500',
            )}
          >
            All seven
          </button>
        </li>
      </ul>
      <div id={panelId} aria-live="polite" className="flex min-h-56 flex-col justify-center rounded-2xl bg-ink-900 p-6 text-white sm:p-8" data-testid="sector-panel">
        <h3 className="font-display text-3xl font-semibold text-gold-300">{current.title}</h3>
        <p className="mt-3 text-lg leading-relaxed text-slate-200">{current.description}</p>
      </div>
    </div>
  );
}

/** The investment calculator: non-numeric input counts as 0; tokens at the token sale's rate. Starts at $100. */
export function Calculator() {
  const sale = useTokenSale();
  const [amount, setAmount] = useState('100');
  const id = useId();
  const tokens = sale ? pitchTokens(amount, sale.tokensPerDollar) : 0;
  const note = calculatorNote(amount);
  const noteId = useId();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        Investment amount (USD)
      </label>
      <div className="relative mt-2">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-lg text-slate-600">
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={note ? noteId : undefined}
          className="h-12 w-full rounded-lg border border-slate-500 bg-white pl-8 pr-3 text-lg text-ink-900 focus-visible:border-gold-700 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-gold-500/40"
        />
      </div>
      {note && (
        <p id={noteId} className="mt-2 text-sm text-red-700">
          {note}
        </p>
      )}
      <p className="mt-5 text-sm text-slate-600">You would receive</p>
      <p className="font-display text-4xl font-semibold text-ink-900" aria-live="polite" data-testid="calculator-tokens">
        {formatTokens(tokens)} <span className="text-2xl text-gold-800">ADX tokens</span>
      </p>
      {sale && <p className="mt-2 text-sm text-slate-600">The token sale's price: {rateLabel(sale.tokensPerDollar)}{sale.open ? '.' : ' (the sale is closed now).'}</p>}
    </div>
  );
}

/** The roadmap (site settings): selectable phases, first one first, and a progress bar at the chosen phase's percentage. */
export function Roadmap() {
  const { roadmap } = useSiteSettings();
  const [selected, setSelected] = useState(0);
  const phase = roadmap[selected] ?? roadmap[0];
  const panelId = useId();
  if (!phase) return null;
  return (
    <div className="flex flex-col gap-6">
      <div
        role="progressbar"
        aria-label="Roadmap progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={phase.progress}
        className="h-3 overflow-hidden rounded-full bg-ink-700"
      >
        <div className="h-full rounded-full bg-gold-500 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${phase.progress}%` }} data-testid="roadmap-bar" />
      </div>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {roadmap.map((p, i) => (
          <li key={`${i}-${p.step}`}>
            <button
              type="button"
              aria-pressed={selected === i}
              aria-controls={panelId}
              onClick={() => setSelected(i)}
              className={cn(
                'flex w-full flex-col items-start rounded-xl border-2 px-4 py-3 text-left transition-colors motion-reduce:transition-none',
                selected === i ? 'border-gold-500 bg-gold-500 text-ink-950' : 'border-ink-700 bg-ink-800 text-white hover:border-gold-500',
              )}
            >
              <span className="font-display text-xl font-semibold">{p.step}</span>
              <span className="text-sm">{p.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <div id={panelId} aria-live="polite" className="rounded-2xl border border-ink-700 bg-ink-800 p-6" data-testid="roadmap-panel">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-300">
          {phase.step} · {phase.progress}% of the way
        </p>
        <h3 className="mt-2 font-display text-2xl font-semibold">{phase.title}</h3>
        <p className="mt-2 leading-relaxed text-slate-200">{phase.description}</p>
      </div>
    </div>
  );
}
