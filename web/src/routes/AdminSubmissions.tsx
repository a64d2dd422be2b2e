import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_SUBMISSIONS_CSV_PATH } from '@app/common/api/admin';
import { FORM_KINDS, FORM_LABELS, type FormKind, type TSubmission } from '@app/common/schemas/forms';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { AdminGate } from '../features/admin/AdminGate';
import { payloadPairs } from '../features/admin/payload';
import { adminApi } from '@app/common/api/admin';
import { call } from '../lib/api';

const PAGE_SIZE = 20;
const ALL = 'all';

function SubmissionCard({ s }: { s: TSubmission }) {
  const when = new Date(s.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="submission">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-5 py-3">
        <Badge variant="navy">{FORM_LABELS[s.form]}</Badge>
        <time dateTime={s.createdAt} className="text-sm font-semibold text-ink-900">
          {when}
        </time>
        {s.email && <span className="text-sm text-slate-700">{s.email}</span>}
        <span className="text-sm text-slate-600">{s.username ? `Member: ${s.username}` : 'Not signed in'}</span>
        {s.ipAddress && <span className="ml-auto font-mono text-xs text-slate-600">IP {s.ipAddress}</span>}
      </div>
      <dl className="grid gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-[12rem_1fr]">
        {payloadPairs(s.payload).map((p) => (
          <div key={p.key} className="contents">
            <dt className="text-sm font-semibold text-slate-700">{p.label}</dt>
            <dd className="whitespace-pre-wrap break-words text-sm text-ink-900">{p.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function Submissions() {
  const [params, setParams] = useSearchParams();
  const form = (FORM_KINDS as readonly string[]).includes(params.get('form') ?? '') ? (params.get('form') as FormKind) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: ['admin-submissions', form ?? ALL, page],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(form ? { form } : {}) });
      return call(adminApi.submissions, { query: Object.fromEntries(q) }, signal);
    },
    placeholderData: keepPreviousData,
  });
  const go = (next: { form?: string; page?: number }) => {
    const f = next.form ?? form ?? ALL;
    const p = next.page ?? 1;
    setParams({ ...(f !== ALL ? { form: f } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="font-display text-3xl font-semibold text-ink-900">Form Submissions</h1>
            <Badge variant="gold">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">Every stored form, newest first{query.data ? ` · ${query.data.total.toLocaleString('en-US')} in all` : ''}.</p>
        </div>
        <div className="flex items-end gap-2">
          <div className="flex w-60 flex-col gap-1.5">
            <label id="form-filter-label" className="text-sm font-semibold text-ink-900">
              Form
            </label>
            <Select value={form ?? ALL} onValueChange={(v) => go({ form: v })}>
              <SelectTrigger aria-labelledby="form-filter-label" data-testid="form-filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All forms</SelectItem>
                {FORM_KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {FORM_LABELS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            Refresh
          </Button>
          <a href={`${ADMIN_SUBMISSIONS_CSV_PATH}${form ? `?form=${form}` : ''}`} download data-testid="submissions-csv" className="self-center text-sm font-semibold text-gold-800 underline underline-offset-2">
            Download CSV
          </a>
        </div>
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner size="lg" label="Loading submissions…" />
        </div>
      ) : query.isError ? (
        <p className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
          Failed to load submissions: {query.error.message}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">No submissions yet.</p>
      ) : (
        <>
          <ul className="mt-8 flex flex-col gap-4">
            {query.data.rows.map((s) => (
              <SubmissionCard key={s.id} s={s} />
            ))}
          </ul>
          <nav aria-label="Submission pages" className="mt-6 flex items-center justify-center gap-3">
            <Button variant="outline" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              ← Previous
            </Button>
            <span className="text-sm font-medium text-ink-900" aria-live="polite" data-testid="submissions-page">
              Page {page} of {pages}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              Next →
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/** /admin/submissions: every stored form submission (any kind), filterable by form, newest first, for admins. */
export default function AdminSubmissions() {
  return (
    <>
      <title>{pageTitle('Form Submissions')}</title>
      <AdminGate>
        <Submissions />
      </AdminGate>
    </>
  );
}
