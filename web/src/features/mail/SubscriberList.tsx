import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { adminApi } from '@app/common/api/admin';
import { call } from '../../lib/api';

const STATUS = { pending: { label: 'Pending', variant: 'gold' }, confirmed: { label: 'Confirmed', variant: 'green' }, unsubscribed: { label: 'Unsubscribed', variant: 'gray' } } as const;

/** The newsletter's subscribers and where each stands in the double opt-in. */
export function SubscriberList() {
  const query = useQuery({ queryKey: ['admin-subscribers'], queryFn: ({ signal }) => call(adminApi.subscribers, {}, signal) });
  if (query.isPending) return <Spinner size="lg" label="Loading subscribers…" />;
  if (query.isError)
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
        Failed to load subscribers: {query.error.message}
      </p>
    );
  if (query.data.rows.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">No subscribers yet.</p>;
  return (
    <section aria-label="Newsletter subscribers">
      <p className="text-sm text-slate-600">{query.data.total.toLocaleString('en-US')} in all</p>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {query.data.rows.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 px-5 py-3" data-testid="subscriber">
            <span className="break-all font-medium text-ink-900">{s.email}</span>
            <Badge variant={STATUS[s.status].variant} className="ml-auto">
              {STATUS[s.status].label}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
