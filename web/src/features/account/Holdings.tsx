import { Link } from 'react-router-dom';
import { ledgerSearchPath } from '@app/common/api/account';
import type { TAccountHoldings } from '@app/common/schemas/account';

const adx = (t: string) => `${Number(t).toLocaleString('en-US', { maximumFractionDigits: 8 })} ADX`;

/** The member's ADX: the sum of their ledger rows (refunds' reversals included), per investor ID, each linked to the public ledger. */
export function Holdings({ h }: { h: TAccountHoldings }) {
  return (
    <section aria-labelledby="holdings-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="holdings-title" className="font-display text-xl font-semibold text-ink-900">
        Your ADX holdings
      </h2>
      <p className="mt-1 font-display text-3xl font-semibold text-ink-900" data-testid="holdings-total">
        {adx(h.total_tokens)}
      </p>
      {h.investors.length ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
          {h.investors.map((i) => (
            <li key={i.investor_id}>
              Investor ID <span className="font-mono font-semibold text-ink-900">{i.investor_id}</span>: {adx(i.tokens)} in {i.rows} ledger {i.rows === 1 ? 'row' : 'rows'} ·{' '}
              <Link to={ledgerSearchPath(i.investor_id)} className="font-semibold text-gold-800 underline underline-offset-2">
                See {i.investor_id} on the public ledger
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No ADX yet: investments and donations with tokens appear here once paid.</p>
      )}
    </section>
  );
}
