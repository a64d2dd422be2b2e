import { useId } from 'react';
import { INVESTOR_ID_SEARCH_MAX } from '@app/common/domain/ledger-search';
import { CloseIcon } from '../../components/ui/close-icon';
import { LEDGER_TEXT } from './texts';

export type SearchFeedback =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'found'; message: string }
  | { kind: 'none-found' }
  | { kind: 'invalid' };

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  feedback: SearchFeedback;
}

/** The 'Investor Verification' box with its live feedback line. */
export function SearchBox({ value, onChange, onSubmit, onClear, feedback }: Props) {
  const helpId = useId();
  const feedbackId = useId();
  return (
    <section aria-labelledby={`${helpId}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${helpId}-title`} className="flex items-center gap-2 font-display text-xl font-semibold text-ink-900">
        <svg viewBox="0 0 24 24" className="h-5 w-5 text-gold-700" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 3 20 6.5v5.5c0 4.6-3.3 7.7-8 9-4.7-1.3-8-4.4-8-9V6.5z" />
          <path d="m8.5 12 2.5 2.5 4.5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {LEDGER_TEXT.searchTitle}
      </h2>
      {/* A plain GET form to the page's own address: without JavaScript the API answers it with the searched page. */}
      <form
        role="search"
        action="/token-ledger"
        method="get"
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="relative">
          <svg
            viewBox="0 0 24 24"
            className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="6.5" />
            <path d="m16 16 4.5 4.5" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            name="search"
            aria-label={LEDGER_TEXT.searchLabel}
            aria-describedby={`${helpId} ${feedbackId}`}
            placeholder={LEDGER_TEXT.searchPlaceholder}
            value={value}
            maxLength={INVESTOR_ID_SEARCH_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white py-3 pl-11 pr-11 text-base text-ink-900 placeholder:text-slate-500 focus:border-gold-600 focus:outline-none focus:ring-2 focus:ring-gold-500/40 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {value !== '' && (
            <button
              type="button"
              onClick={onClear}
              aria-label={LEDGER_TEXT.clearSearch}
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-ink-900"
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </form>
      <p id={helpId} className="mt-2 text-sm text-slate-600">
        {LEDGER_TEXT.searchHelp}
      </p>
      <div id={feedbackId} aria-live="polite" className="min-h-6">
        {feedback.kind === 'found' && (
          <p data-testid="search-feedback" className="mt-2 flex items-center gap-2 text-sm font-semibold text-emerald-800">
            <span className="inline-block h-2 w-2 rounded-full bg-emerald-600" aria-hidden="true" />
            {feedback.message}
          </p>
        )}
        {(feedback.kind === 'none-found' || feedback.kind === 'invalid') && (
          <p data-testid="search-feedback" className="mt-2 flex items-center gap-2 text-sm font-semibold text-red-800">
            <span className="inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />
            {LEDGER_TEXT.noMatchFeedback}
            {feedback.kind === 'invalid' && <span className="font-normal text-slate-600"> — {LEDGER_TEXT.searchInvalid}</span>}
          </p>
        )}
        {feedback.kind === 'pending' && <p className="mt-2 text-sm text-slate-600">{LEDGER_TEXT.searching}</p>}
      </div>
    </section>
  );
}
