import type { PaymentKind } from '@app/common/domain/payments';
import { receiptPdfPath } from '@app/common/api/account';
import type { TAccountPayment } from '@app/common/schemas/account';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

const KIND: Record<PaymentKind, string> = { donation: 'Donation', program: 'Program enrolment', sponsorship: 'Student sponsorship', investment: 'ADX token purchase' };
const STATUS: Record<TAccountPayment['status'], { label: string; variant: BadgeVariant }> = {
  paid: { label: 'Paid', variant: 'green' },
  pending: { label: 'Pending', variant: 'blue' },
  refunded: { label: 'Refunded', variant: 'gray' },
  partially_refunded: { label: 'Partially refunded', variant: 'gold' },
  disputed: { label: 'Disputed', variant: 'red' },
};

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** One payment: what, how much, when, where it stands, its receipt code and PDF. */
function PaymentItem({ p, token }: { p: TAccountPayment; token: string | null }) {
  const status = STATUS[p.status];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="account-payment" data-kind={p.kind} data-status={p.status}>
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">
          {KIND[p.kind]} <span className="font-normal text-slate-700">· {usd(p.amount_cents)}</span>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={p.date}>{day(p.date)}</time> · Receipt <span className="font-mono tracking-wider">{p.receipt_code}</span>
        </p>
        {p.tokens ? (
          <p className="text-sm text-slate-700">
            {Number(p.tokens).toLocaleString('en-US', { maximumFractionDigits: 8 })} ADX{p.tokens_per_dollar ? ` at ${p.tokens_per_dollar} per $1` : ''}
          </p>
        ) : null}
        {p.refunded_cents > 0 && p.status !== 'refunded' ? <p className="text-sm text-slate-700">{usd(p.refunded_cents)} refunded</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <Badge variant={status.variant} data-testid="payment-status">
          {status.label}
        </Badge>
        {p.status === 'pending' ? null : (
          <a href={receiptPdfPath(p, token)} download className="text-sm font-semibold text-gold-800 underline underline-offset-2" aria-label={`Download receipt ${p.receipt_code} (PDF)`}>
            Receipt PDF
          </a>
        )}
      </div>
    </li>
  );
}

/** A payer's payments, newest first; `token`: the mailed link's (its downloads carry it). */
export function PaymentList({ payments, token = null }: { payments: TAccountPayment[]; token?: string | null }) {
  if (!payments.length) return <p className="text-slate-700">No payments yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Payments">
      {payments.map((p) => (
        <PaymentItem key={`${p.kind}-${p.id}`} p={p} token={token} />
      ))}
    </ul>
  );
}
