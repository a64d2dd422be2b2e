import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatTokens, formatUsd, formatUsShortDate } from '@app/common/domain/format';
import { ZAddPurchase, ZAdminPurchase, ZAdminPurchaseList } from '@app/common/schemas/admin';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { ApiError, getJson, sendJson } from '../lib/api';
import { useLiveRefetch } from '../lib/socket';
import { useLoadErrorToast } from '../lib/use-action';
import { useSession } from '../lib/session';

const EMPTY = { investor_id: '', purchase_date: '', investment_amount_usd: '', tokens_to_be_distributed: '' };

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-paper px-4 py-16">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <h1 className="font-display text-2xl font-semibold text-ink-900">{title}</h1>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </section>
  );
}

function AddForm({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (Object.values(form).some((v) => v.trim() === '')) {
      toast({ title: 'Error', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    const parsed = ZAddPurchase.safeParse(form);
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await sendJson('POST', '/api/admin/purchases', form, ZAdminPurchase);
      toast({ title: 'Success', description: 'Purchase record added successfully', variant: 'success' });
      setForm(EMPTY);
      onAdded();
    } catch (err) {
      console.error('Failed to add purchase record', err);
      const title = err instanceof ApiError && err.statusCode === 403 ? 'Unauthorized' : 'Error';
      const description = err instanceof ApiError && err.statusCode < 500 ? err.message : 'Failed to add purchase record';
      toast({ title, description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Add purchase">
      <Field label="Investor ID" required>
        <Input value={form.investor_id} onChange={set('investor_id')} placeholder="ADX0001" autoCapitalize="characters" />
      </Field>
      <Field label="Purchase Date" required>
        <Input type="date" value={form.purchase_date} onChange={set('purchase_date')} />
      </Field>
      <Field label="Investment Amount (USD)" required>
        <Input type="number" inputMode="decimal" min="0" step="0.01" value={form.investment_amount_usd} onChange={set('investment_amount_usd')} placeholder="1000.00" />
      </Field>
      <Field label="ADX Tokens to Distribute" required>
        <Input type="number" inputMode="decimal" min="0" step="0.00000001" value={form.tokens_to_be_distributed} onChange={set('tokens_to_be_distributed')} placeholder="10000" />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" loading={busy}>
          {busy ? 'Adding...' : 'Add Purchase Record'}
        </Button>
      </div>
    </form>
  );
}

function AdminPanel() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const records = useQuery({ queryKey: ['admin', 'purchases'], queryFn: ({ signal }) => getJson('/api/admin/purchases', ZAdminPurchaseList, signal) });
  useLiveRefetch('admins', 'ledger:row', [['admin', 'purchases']]);
  useLoadErrorToast(records, { message: 'Failed to fetch purchase records', id: 'purchases-load' });

  const rows = records.data?.rows ?? [];
  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-10 sm:px-6">
          <div className="flex items-center gap-3">
            <h1 className="font-display text-3xl font-semibold sm:text-4xl">Token Purchase Admin</h1>
            <Badge variant="gold">Admin</Badge>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant={open ? 'outline' : 'primary'} onClick={() => setOpen(!open)}>
              {open ? 'Cancel' : 'Add Purchase'}
            </Button>
            <a href="/token-ledger" target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline' })}>
              View Public Ledger
            </a>
          </div>
        </div>
      </section>
      <section className="bg-paper">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
          {open && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Add Purchase Record</CardTitle>
              </CardHeader>
              <CardContent>
                <AddForm
                  onAdded={() => {
                    setOpen(false);
                    void queryClient.invalidateQueries({ queryKey: ['admin', 'purchases'] });
                    void queryClient.invalidateQueries({ queryKey: ['ledger'] });
                  }}
                />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
              <CardTitle as="h2">
                Purchase Records <span className="text-base font-normal text-slate-600" data-testid="records-count">({records.data?.total ?? 0})</span>
              </CardTitle>
              <Button variant="outline" size="sm" onClick={() => void records.refetch()} loading={records.isFetching}>
                Refresh
              </Button>
            </CardHeader>
            <CardContent>
              {records.isPending ? (
                <p className="flex items-center gap-3 py-8 text-slate-600">
                  <Spinner size="sm" decorative /> Loading purchase records...
                </p>
              ) : rows.length === 0 ? (
                <p className="py-8 text-center text-slate-600">No purchase records found.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[640px] text-left text-sm">
                    <thead className="border-b border-slate-200 text-xs uppercase tracking-wider text-slate-600">
                      <tr>
                        <th className="py-2 pr-4">Investor ID</th>
                        <th className="py-2 pr-4">Purchase Date</th>
                        <th className="py-2 pr-4 text-right">Investment (USD)</th>
                        <th className="py-2 pr-4 text-right">ADX Tokens</th>
                        <th className="py-2">Added</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={r.id} className="border-b border-slate-100" data-testid="admin-row">
                          <td className="py-2 pr-4 font-mono font-semibold text-ink-900">{r.investor_id}</td>
                          <td className="py-2 pr-4">{formatUsShortDate(r.purchase_date)}</td>
                          <td className="py-2 pr-4 text-right tabular-nums">{formatUsd(r.investment_amount_usd)}</td>
                          <td className="py-2 pr-4 text-right tabular-nums">{formatTokens(r.tokens_to_be_distributed)}</td>
                          <td className="py-2 text-slate-600">{formatUsShortDate(r.created_at.slice(0, 10))}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}

/** /token-admin: record token purchases (admins only; the server checks the role on every call). */
export default function TokenAdmin() {
  const session = useSession();
  const user = session.user;
  return (
    <>
      <title>{pageTitle('Token Admin')}</title>
      {session.loading ? (
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner size="lg" label="Checking your session…" />
        </div>
      ) : !user ? (
        <Notice title="Admin Authentication Required">
          <p className="text-slate-700">Please sign in with an admin account to manage token purchases.</p>
          <Button asChild variant="secondary">
            <Link to="/auth">Go to Login</Link>
          </Button>
        </Notice>
      ) : !user.isAdmin ? (
        <Notice title="Access Denied">
          <p className="text-slate-700">Admin privileges required to access this page</p>
          <p className="text-sm text-slate-600" data-testid="denied-identity">
            Signed in as {user.email ?? user.username}
          </p>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </Notice>
      ) : (
        <AdminPanel />
      )}
    </>
  );
}
