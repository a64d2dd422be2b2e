import { useSearchParams } from 'react-router-dom';
import { ADMIN_PAYMENTS_CSV_PATH } from '@app/common/api/admin';
import { PAYMENT_KINDS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentKind, type PaymentStatus } from '@app/common/domain/payments';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { AdminGate } from '../features/admin/AdminGate';
import { PaymentRow } from '../features/admin/payments/PaymentRow';
import { filterParams, useAdminPayments, type PaymentFilters } from '../features/admin/payments/use-admin-payments';
import { ScrollRegion } from '../components/ui/scroll-region';

const PAGE_SIZE = 25;
const ALL = 'all';
const KIND_OPTIONS: Record<PaymentKind, string> = { donation: 'Donations', program: 'Enrollments', sponsorship: 'Sponsorships', investment: 'Investments' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const th = 'whitespace-nowrap px-3 py-2.5 text-xs font-semibold uppercase tracking-wider text-slate-200';

function Filter({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Array<[string, string]>; onChange: (v: string) => void }) {
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-44">
      <label id={`${id}-label`} className="text-sm font-semibold text-ink-900">
        {label}
      </label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={`${id}-label`} data-testid={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, text]) => (
            <SelectItem key={v} value={v}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Payments() {
  const [params, setParams] = useSearchParams();
  const kind = (PAYMENT_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as PaymentKind) : undefined;
  const status = (PAYMENT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as PaymentStatus) : undefined;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: PaymentFilters = { kind, status, from, to };
  const { list, reconciliation } = useAdminPayments(filters, page, PAGE_SIZE);
  const set = (next: Partial<Record<'kind' | 'status' | 'from' | 'to', string>>, nextPage = 1) => {
    const merged = filterParams({ ...filters, ...next } as PaymentFilters);
    for (const [k, v] of [...merged.entries()]) if (v === ALL) merged.delete(k);
    if (nextPage > 1) merged.set('page', String(nextPage));
    setParams(merged);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const last = reconciliation.data?.last;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-ink-900">Payments</h1>
        <Badge variant="gold">Admin</Badge>
      </div>
      <p className="mt-1 text-slate-600">
        Donations, enrollments, sponsorships and investments, newest first{list.data ? ` · ${list.data.total.toLocaleString('en-US')} match` : ''}. Live.
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="reconciliation">
        {last
          ? `Last reconciliation with the provider: ${new Date(last.started_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} — ${last.error ? `failed: ${last.error}` : `${last.listed} events listed, ${last.missing} missing from our records`}.`
          : 'No reconciliation with the provider has run yet.'}
      </p>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <Filter id="kind-filter" label="Kind" value={kind ?? ALL} onChange={(v) => set({ kind: v })} options={[[ALL, 'All kinds'], ...PAYMENT_KINDS.map((k): [string, string] => [k, KIND_OPTIONS[k]])]} />
        <Filter id="status-filter" label="Status" value={status ?? ALL} onChange={(v) => set({ status: v })} options={[[ALL, 'All statuses'], ...PAYMENT_STATUSES.map((s): [string, string] => [s, PAYMENT_STATUS_LABELS[s]])]} />
        {(['from', 'to'] as const).map((k) => (
          <label key={k} className="flex w-full flex-col gap-1.5 text-sm font-semibold text-ink-900 sm:w-40">
            {k === 'from' ? 'From' : 'To'}
            <Input type="date" value={filters[k] ?? ''} onChange={(e) => set({ [k]: e.target.value })} data-testid={`${k}-filter`} />
          </label>
        ))}
        <a href={`${ADMIN_PAYMENTS_CSV_PATH}?${filterParams(filters).toString()}`} download data-testid="payments-csv" className="ml-auto self-center text-sm font-semibold text-gold-800 underline underline-offset-2">
          Download CSV
        </a>
      </div>

      {list.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner size="lg" label="Loading payments…" />
        </div>
      ) : list.isError ? (
        <p className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
          Failed to load payments: {list.error.message}
        </p>
      ) : list.data.rows.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">No payments match.</p>
      ) : (
        <>
          <ScrollRegion label="Payments" className="mt-6 overflow-x-auto rounded-xl border border-slate-200 shadow-sm">
            <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
              <caption className="sr-only">Payments</caption>
              <thead className="bg-ink-900">
                <tr>
                  {['Kind', 'Created', 'Amount', 'Refunded', 'Status', 'Investor ID', 'Payer'].map((h) => (
                    <th key={h} scope="col" className={`${th} ${h === 'Amount' || h === 'Refunded' ? 'text-right' : ''}`}>
                      {h}
                    </th>
                  ))}
                  {/* The refund button's column: named for screen readers, blank on screen. */}
                  <th scope="col" className={th}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.rows.map((p) => (
                  <PaymentRow key={`${p.kind}:${p.id}`} p={p} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <nav aria-label="Payment pages" className="mt-6 flex items-center justify-center gap-3">
            <Button variant="outline" disabled={page <= 1} onClick={() => set({}, page - 1)}>
              ← Previous
            </Button>
            <span className="text-sm font-medium text-ink-900">
              Page {page} of {pages}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => set({}, page + 1)}>
              Next →
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/** /admin/payments: every payment of any kind, filtered and paged, refunds through the provider, live. */
export default function AdminPayments() {
  return (
    <>
      <title>{pageTitle('Payments')}</title>
      <AdminGate>
        <Payments />
      </AdminGate>
    </>
  );
}
