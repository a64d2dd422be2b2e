import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { programApi } from '@app/common/api/program';
import type { TCohortAdmin } from '@app/common/schemas/program';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { ScrollRegion } from '../components/ui/scroll-region';
import { Spinner } from '../components/ui/spinner';
import { AdminGate } from '../features/admin/AdminGate';
import { CohortForm } from '../features/program/admin/CohortForm';
import { cohortText } from '../features/program/cohort-text';
import { call } from '../lib/api';

const STATE = { upcoming: ['Announced', 'gray'], open: ['Enrolment open', 'green'], closed: ['Enrolment closed', 'gold'], running: ['Running', 'navy'], completed: ['Completed', 'gray'] } as const;

function CohortRow({ c, onEdit }: { c: TCohortAdmin; onEdit: () => void }) {
  const t = cohortText(c);
  const [label, variant] = STATE[c.state];
  return (
    <tr className="border-t border-slate-200" data-testid="cohort-row">
      <th scope="row" className="px-4 py-3 text-left font-semibold text-ink-900">
        {t.label}
        <span className="block text-sm font-normal text-slate-600">{c.city}</span>
      </th>
      <td className="px-4 py-3 text-slate-700">
        {t.startDate}, {t.sessionTime}
        <span className="block text-sm text-slate-600">{c.weeks} weeks · {t.price}</span>
      </td>
      <td className="px-4 py-3">
        <Badge variant={variant}>{label}</Badge>
      </td>
      <td className="px-4 py-3 text-slate-700" data-testid="cohort-seats">
        {c.seatsTaken} taken · {c.seatsHeld} held · {c.seatsFree} free
        <span className="block text-sm text-slate-600">of {c.seats}</span>
      </td>
      <td className="px-4 py-3 text-right">
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit<span className="sr-only"> {t.label}</span>
        </Button>
      </td>
    </tr>
  );
}

/** /admin/cohorts: the incubator's cohorts (dates, seats, price, enrolment window) with their seats taken, held and free. */
export default function AdminCohorts() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['admin-cohorts'], queryFn: ({ signal }) => call(programApi.cohorts, {}, signal) });
  const [editing, setEditing] = useState<TCohortAdmin | 'new' | null>(null);
  const saved = () => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: ['admin-cohorts'] });
  };
  return (
    <>
      <title>{pageTitle('Cohorts')}</title>
      <AdminGate>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl font-semibold text-ink-900">Cohorts</h1>
            <Badge variant="gold">Admin</Badge>
            {editing === null ? (
              <Button className="ml-auto" variant="secondary" onClick={() => setEditing('new')}>
                New cohort
              </Button>
            ) : null}
          </div>
          <p className="mt-1 text-slate-600">
            The pages present the earliest cohort not yet started whose enrolment is open. Saving a cohort whose enrolment is open mails everyone who asked to be told
            {query.data ? ` (${query.data.notifyPending} waiting)` : ''}.
          </p>
          {editing !== null ? (
            <section aria-labelledby="cohort-form-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
              <h2 id="cohort-form-title" className="mb-4 font-display text-xl font-semibold text-ink-900">
                {editing === 'new' ? 'New cohort' : `Edit cohort ${editing.number}`}
              </h2>
              <CohortForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />
            </section>
          ) : null}
          <div className="mt-6">
            {query.isPending ? (
              <Spinner size="lg" label="Loading cohorts…" />
            ) : query.isError ? (
              <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
                Failed to load cohorts: {query.error.message}
              </p>
            ) : query.data.rows.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">No cohorts yet: create the first one.</p>
            ) : (
              <ScrollRegion label="Cohorts" className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full min-w-[44rem] text-sm">
                  <caption className="sr-only">Cohorts with their seats</caption>
                  <thead className="bg-slate-50 text-left text-slate-700">
                    <tr>
                      <th scope="col" className="px-4 py-3">Cohort</th>
                      <th scope="col" className="px-4 py-3">Starts</th>
                      <th scope="col" className="px-4 py-3">State</th>
                      <th scope="col" className="px-4 py-3">Seats</th>
                      <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.rows.map((c) => (
                      <CohortRow key={c.id} c={c} onEdit={() => setEditing(c)} />
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </div>
        </div>
      </AdminGate>
    </>
  );
}
