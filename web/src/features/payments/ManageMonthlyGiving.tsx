import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentsApi } from '@app/common/api/payments';
import { centsToDollars } from '@app/common/domain/payments';
import { formatLocalDate } from '@app/common/domain/local-date';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, call } from '../../lib/api';

const money = (cents: number) => `$${Number(centsToDollars(cents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/**
 * The signed-in member's running monthly gifts, each with "Manage or cancel", which opens the payment provider's
 * Customer Portal (a session made for the click) in this tab. Self-contained: it loads its own data, so any
 * members' page can place it. Shows nothing while the member gives nothing monthly.
 */
export function ManageMonthlyGiving() {
  const gifts = useQuery({ queryKey: ['monthly-gifts'], queryFn: ({ signal }) => call(paymentsApi.monthlyGifts, {}, signal) });
  const [opening, setOpening] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function manage(id: string) {
    setOpening(id);
    setFailure(null);
    try {
      const { url } = await call(paymentsApi.monthlyPortal, { params: { id } });
      window.location.assign(url);
    } catch (err) {
      setFailure(err instanceof ApiError && err.statusCode < 500 ? err.message : 'The payment provider could not open its portal. Please try again.');
      setOpening(null);
    }
  }

  if (gifts.isPending) return <Spinner />;
  if (gifts.isError || gifts.data.rows.length === 0) return null;
  return (
    <section aria-labelledby="monthly-giving-title" className="space-y-3" data-testid="monthly-giving">
      <h2 id="monthly-giving-title" className="font-display text-xl font-semibold text-ink-900">
        Monthly giving
      </h2>
      {gifts.data.rows.map((g) => (
        <Card key={g.id}>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-ink-900">{money(g.amount_cents)} every month</p>
              <p className="text-sm text-slate-700">
                Since {formatLocalDate(g.started_at)} · {g.months_paid} {g.months_paid === 1 ? 'month' : 'months'} given
                {g.status === 'past_due' ? ' · the last payment did not go through' : ''}
              </p>
            </div>
            <Button type="button" variant="outline" loading={opening === g.id} onClick={() => void manage(g.id)}>
              Manage or cancel
            </Button>
          </CardContent>
        </Card>
      ))}
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {failure}
        </p>
      )}
    </section>
  );
}
