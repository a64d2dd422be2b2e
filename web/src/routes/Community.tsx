import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TSessionUser } from '@app/common/schemas/auth';
import { formatLocalDate } from '@app/common/domain/local-date';
import { pageTitle, PRODUCT_NAME } from '../components/brand';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { Avatar } from '../features/auth/Avatar';
import { RequireSession } from '../features/auth/RequireSession';
import { membersApi } from '@app/common/api/members';
import { call } from '../lib/api';
import { signOut, useRefreshSession } from '../lib/session';
import { useAction, useLoadErrorToast } from '../lib/use-action';

const PAGE_SIZE = 24;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function joined(iso: string): string {
  return formatLocalDate(iso);
}

function Directory({ user }: { user: TSessionUser }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim(), 250);

  useEffect(() => {
    if (params.get('welcome') !== '1') return;
    toast({ title: 'Welcome!', description: `Welcome to the ${PRODUCT_NAME} community!`, variant: 'success', id: 'welcome' });
    setParams({}, { replace: true });
  }, [params, setParams]);

  const members = useQuery({
    queryKey: ['members', term, page],
    queryFn: ({ signal }) => call(membersApi.list, { query: { search: term, page, pageSize: PAGE_SIZE } }, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(members, { message: 'Failed to load community members', id: 'members-error' });

  const [onSignOut, signingOut] = useAction(
    async () => {
      await signOut();
      await refresh();
      navigate('/auth', { replace: true });
    },
    { message: 'Failed to sign out' },
  );

  const data = members.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <title>{pageTitle('Community')}</title>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-8 sm:px-6">
          <div className="flex min-w-0 items-center gap-4">
            <Avatar name={user.username} src={user.avatar} />
            <div className="min-w-0">
              <p className="text-sm text-gold-300">Signed in as</p>
              <p className="truncate text-xl font-semibold">{user.username}</p>
            </div>
          </div>
          <Button variant="outline" onClick={onSignOut} loading={signingOut}>
            Sign Out
          </Button>
        </div>
      </section>
      <section className="bg-paper">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="font-display text-3xl font-semibold text-ink-900">{PRODUCT_NAME} Community</h1>
              <p className="mt-1 text-slate-700" data-testid="member-count">
                {data ? `${data.listedTotal.toLocaleString('en-US')} ${data.listedTotal === 1 ? 'member' : 'members'}` : '\u00a0'}
              </p>
            </div>
            <div className="w-full sm:w-80">
              <Input
                type="search"
                aria-label="Search members"
                placeholder="Search members..."
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
              />
            </div>
          </div>

          {data && !data.viewerListed && (
            <p className="mt-6 rounded-lg border border-gold-600/40 bg-gold-50 px-4 py-3 text-sm text-slate-800">
              You are not listed in the directory. Members choose to be listed:{' '}
              <Link to="/security" className="font-semibold text-ink-900 underline underline-offset-2">
                turn on Directory Listing in your security settings
              </Link>
              .
            </p>
          )}

          {members.isPending ? (
            <div className="flex justify-center py-20">
              <Spinner size="lg" label="Loading members…" />
            </div>
          ) : data && data.members.length === 0 ? (
            <div className="py-20 text-center" data-testid="members-empty">
              <p className="font-display text-2xl text-ink-900">{term ? 'No members found' : 'No community members yet'}</p>
              <p className="mt-2 text-slate-600">{term ? 'Try adjusting your search terms' : 'Be the first to join the community!'}</p>
            </div>
          ) : (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Members">
              {data?.members.map((m) => (
                <li key={m.id}>
                  <Link to={`/profile/${encodeURIComponent(m.username)}`} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-gold-600">
                    <Card className="flex items-center gap-4 p-4 transition-shadow group-hover:shadow-md" data-testid="member-card">
                      <Avatar name={m.username} src={m.avatar} />
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-ink-900 group-hover:underline">{m.username}</p>
                        <p className="text-sm text-slate-600">Joined {joined(m.created_at)}</p>
                      </div>
                    </Card>
                  </Link>
                </li>
              ))}
            </ul>
          )}

          {data && pages > 1 && (
            <nav className="mt-8 flex items-center justify-center gap-3" aria-label="Directory pages">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                ← Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next →
              </Button>
            </nav>
          )}
        </div>
      </section>
    </>
  );
}

/** /community: the member directory (members only). */
export default function Community() {
  return <RequireSession>{(user) => <Directory user={user} />}</RequireSession>;
}
