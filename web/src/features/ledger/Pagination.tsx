import { showCount } from './safe-format';
import { LEDGER_TEXT } from './texts';

interface Props {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

const btn =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-semibold text-ink-900 transition-colors hover:border-gold-600 hover:bg-gold-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400';

/** Previous / Next with 'Page X of Y' and the range of records shown. */
export function Pagination({ page, pages, total, pageSize, hasNext, onPrevious, onNext }: Props) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Ledger pages"
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 sm:flex-row sm:px-6"
    >
      <p className="text-sm text-slate-600">
        {total === 1 ? '1 record' : `${showCount(first)}–${showCount(last)} of ${showCount(total)} records`}
      </p>
      <div className="flex items-center gap-3">
        <button type="button" className={btn} disabled={page <= 1} onClick={onPrevious}>
          <span aria-hidden="true">←</span> {LEDGER_TEXT.previous}
        </button>
        <span className="text-sm font-medium text-ink-900" data-testid="ledger-page" aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" className={btn} disabled={!hasNext} onClick={onNext}>
          {LEDGER_TEXT.next} <span aria-hidden="true">→</span>
        </button>
      </div>
    </nav>
  );
}
