import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type TOutboxMessage } from '@app/common/schemas/mail';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { adminApi } from '@app/common/api/admin';
import { call } from '../../lib/api';

const PAGE_SIZE = 20;

function MessageCard({ m }: { m: TOutboxMessage }) {
  const [html, setHtml] = useState(false);
  const when = new Date(m.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="outbox-message">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-5 py-3">
        <Badge variant="navy">{m.kind}</Badge>
        <time dateTime={m.createdAt} className="text-sm font-semibold text-ink-900">
          {when}
        </time>
        <span className="break-all text-sm text-slate-700">To: {m.to}</span>
        <Badge variant={m.sentAt ? 'green' : 'gold'} className="sm:ml-auto">
          {m.transport === 'smtp' ? (m.sentAt ? 'Sent by SMTP' : 'Sending') : 'Stored'}
        </Badge>
      </div>
      <div className="px-5 py-4">
        <h2 className="font-semibold text-ink-900">{m.subject}</h2>
        {html ? (
          // sandbox="": the stored HTML runs no script and opens nothing, whatever it holds.
          <iframe title={`HTML of ${m.subject}`} sandbox="" srcDoc={m.html} className="mt-3 h-[32rem] w-full rounded-lg border border-slate-200" />
        ) : (
          <pre tabIndex={0} aria-label="Message text" className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-gold-600 break-words rounded-lg bg-slate-50 p-3 font-sans text-sm text-slate-800" data-testid="outbox-text">
            {m.text}
          </pre>
        )}
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setHtml((v) => !v)}>
          {html ? 'Show plain text' : 'Show HTML'}
        </Button>
      </div>
    </li>
  );
}

/** Every message the platform wrote, newest first, optionally to one address. */
export function OutboxList() {
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const query = useQuery({
    queryKey: ['admin-outbox', to, page],
    queryFn: ({ signal }) => call(adminApi.outbox, { query: { page, pageSize: PAGE_SIZE, to: to || undefined } }, signal),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label="Outbox">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setTo(String(new FormData(e.currentTarget).get('to') ?? '').trim());
          setPage(1);
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-semibold text-ink-900">
          Recipient
          <input name="to" type="email" placeholder="someone@example.org" className="h-10 rounded-md border border-slate-300 px-3 text-base font-normal" />
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        <Button type="button" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </form>
      {query.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner size="lg" label="Loading the outbox…" />
        </div>
      ) : query.isError ? (
        <p className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
          Failed to load the outbox: {query.error.message}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">No mail yet.</p>
      ) : (
        <>
          <ul className="mt-6 flex flex-col gap-4">
            {query.data.rows.map((m) => (
              <MessageCard key={m.id} m={m} />
            ))}
          </ul>
          <nav aria-label="Outbox pages" className="mt-6 flex items-center justify-center gap-3">
            <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ← Previous
            </Button>
            <span className="text-sm font-medium text-ink-900" aria-live="polite">
              Page {page} of {pages}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next →
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
