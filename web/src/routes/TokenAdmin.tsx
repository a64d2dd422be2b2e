import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { AdminGate } from '../features/admin/AdminGate';
import { PurchaseForm } from '../features/admin/PurchaseForm';
import { PurchaseTable } from '../features/admin/PurchaseTable';
import { adminApi } from '@app/common/api/admin';
import { call } from '../lib/api';
import { useLiveRefetch } from '../lib/socket';
import { useLoadErrorToast } from '../lib/use-action';

const PAGE_SIZE = 50;

function AdminPanel() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const records = useQuery({
    queryKey: ['admin', 'purchases', page],
    queryFn: ({ signal }) => call(adminApi.purchases, { query: { page, pageSize: PAGE_SIZE } }, signal),
    placeholderData: keepPreviousData,
  });
  useLiveRefetch('admins', 'ledger:row', [['admin', 'purchases']]);
  useLoadErrorToast(records, { message: 'Failed to fetch purchase records', id: 'purchases-load' });

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
                <PurchaseForm
                  onAdded={() => {
                    setOpen(false);
                    void queryClient.invalidateQueries({ queryKey: ['admin', 'purchases'] });
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
              ) : !records.data || records.data.rows.length === 0 ? (
                <p className="py-8 text-center text-slate-600">No purchase records found.</p>
              ) : (
                <PurchaseTable data={records.data} onPage={setPage} loading={records.isFetching} />
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
  return (
    <>
      <title>{pageTitle('Token Admin')}</title>
      <AdminGate>
        <AdminPanel />
      </AdminGate>
    </>
  );
}
