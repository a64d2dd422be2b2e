import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@app/common/api/admin';
import { call } from '../../lib/api';

/**
 * The ledger watchdog's alarm on every admin page: a ledger row no longer matches the leaf it was logged with, so
 * the published ledger and its signed checkpoints disagree. The runbook is docs/ledger-transparency.md.
 */
export function LedgerAlarmBanner() {
  const alarms = useQuery({ queryKey: ['admin', 'ledger-alarms'], queryFn: ({ signal }) => call(adminApi.ledgerAlarms, {}, signal), refetchInterval: 60_000 });
  const first = alarms.data?.alarms[0];
  if (!first) return null;
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-3 text-red-900" data-testid="ledger-alarm">
      <p className="mx-auto max-w-5xl">
        <strong>The public ledger no longer matches its signed log</strong> from log index {first.firstBadIndex.toLocaleString('en-US')} ({first.detail}; raised{' '}
        {new Date(first.raisedAt).toLocaleString()}). Do not edit anything: follow “When the watchdog raises an alarm” in docs/ledger-transparency.md.
      </p>
    </div>
  );
}
