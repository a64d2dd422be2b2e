import { useState } from 'react';
import { isRefundable, PAYMENT_STATUS_LABELS, refundableCents, type PaymentStatus } from '@app/common/domain/payments';
import { formatUsd } from '@app/common/domain/format';
import type { TAdminPayment } from '@app/common/schemas/admin-payments';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useRefund } from './use-admin-payments';

const KIND_LABELS: Record<TAdminPayment['kind'], string> = { donation: 'Donation', program: 'Enrollment', sponsorship: 'Sponsorship', investment: 'Investment' };
const STATUS_VARIANTS: Record<PaymentStatus, BadgeVariant> = {
  pending: 'gold',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'gray',
  partially_refunded: 'blue',
  disputed: 'red',
};
const usd = (cents: number) => formatUsd((cents / 100).toFixed(2));
const td = 'whitespace-nowrap px-3 py-2.5';

/** One payment; Refund asks once more before it sends the whole unrefunded rest to the provider. */
export function PaymentRow({ p }: { p: TAdminPayment }) {
  const refund = useRefund();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = refundableCents(p);
  const refundable = isRefundable(p);
  const go = async () => {
    setBusy(true);
    try {
      await refund(p.kind, p.id);
      toast({ title: 'Refund requested', description: `${usd(left)} goes back to the payer; the status follows when the provider confirms.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Refund failed', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <tr data-testid="admin-payment" data-status={p.status} className="border-t border-slate-200 bg-white">
      <td className={td}>{KIND_LABELS[p.kind]}</td>
      <td className={`${td} text-slate-600`}>{new Date(p.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
      <td className={`${td} text-right tabular-nums`}>{usd(p.amount_cents)}</td>
      <td className={`${td} text-right tabular-nums text-slate-600`}>{p.refunded_cents ? usd(p.refunded_cents) : '—'}</td>
      <td className={td}>
        <Badge variant={STATUS_VARIANTS[p.status]} data-testid="admin-payment-status">
          {PAYMENT_STATUS_LABELS[p.status]}
        </Badge>
        {p.dispute_status && p.dispute_status !== 'open' && <span className="ml-2 text-xs text-slate-600">dispute {p.dispute_status}</span>}
      </td>
      <td className={`${td} font-mono text-xs`}>{p.investor_id ?? '—'}</td>
      <td className={`${td} max-w-[12rem] truncate`}>{p.payer ?? '—'}</td>
      <td className={`${td} text-right`}>
        {refundable &&
          (confirming ? (
            <span className="inline-flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                Keep
              </Button>
              <Button size="sm" variant="destructive" onClick={() => void go()} loading={busy}>
                Refund {usd(left)}
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Refund
            </Button>
          ))}
      </td>
    </tr>
  );
}
