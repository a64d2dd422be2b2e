import { statementPdfPath } from '@app/common/api/account';

/** Yearly statements (PDF), one per year with a payment. */
export function Statements({ years, token = null }: { years: number[]; token?: string | null }) {
  if (!years.length) return null;
  return (
    <section aria-labelledby="statements-title">
      <h2 id="statements-title" className="font-display text-xl font-semibold text-ink-900">
        Yearly statements
      </h2>
      <ul className="mt-2 flex flex-wrap gap-3">
        {years.map((y) => (
          <li key={y}>
            <a href={statementPdfPath(y, token)} download className="text-sm font-semibold text-gold-800 underline underline-offset-2">
              {y} statement (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
