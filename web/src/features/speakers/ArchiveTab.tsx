import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMinutesSeconds } from '@app/common/domain/session-status';
import { formatLocalDate } from '@app/common/domain/local-date';
import { type TArchivedSession } from '@app/common/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { archiveApi } from '@app/common/api/archive';
import { ApiError, call } from '../../lib/api';
import { openPendingTab } from '../../lib/new-tab';
import { useLoadErrorToast } from '../../lib/use-action';

type Sort = 'date' | 'duration' | 'popular';

/** Session Archive: search, sort, totals, favorites and opening recordings (which records a view). */
export function ArchiveTab({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<Sort>('date');
  useEffect(() => {
    const h = setTimeout(() => setTerm(search.trim()), 250);
    return () => clearTimeout(h);
  }, [search]);
  const archive = useQuery({
    queryKey: ['archive', term, sort],
    queryFn: ({ signal }) => call(archiveApi.list, { query: { search: term, sort } }, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(archive, { message: 'Failed to load archived sessions', id: 'archive-load' });

  async function toggleFavorite(s: TArchivedSession) {
    if (!signedIn) {
      toast({ title: 'Login Required', description: 'Please log in to favorite sessions', variant: 'destructive' });
      return;
    }
    try {
      await call(s.favorite ? archiveApi.unfavorite : archiveApi.favorite, { params: { id: s.id } });
      await queryClient.invalidateQueries({ queryKey: ['archive'] });
    } catch (err) {
      console.error('Failed to update favorite', err);
      toast({ title: 'Error', description: 'Failed to update favorite', variant: 'destructive' });
    }
  }

  async function open(s: TArchivedSession) {
    const tab = openPendingTab();
    try {
      const { recording_url } = await call(archiveApi.view, { params: { id: s.id } });
      if (recording_url) tab.go(recording_url);
      else tab.close();
    } catch (err) {
      tab.close();
      console.error('Failed to open recording', err);
      const reason = err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500 ? err.message : 'Please try again.';
      toast({ title: 'Could not open the recording', description: reason, variant: 'destructive', id: 'archive-watch' });
    }
  }

  const data = archive.data;
  return (
    <div className="space-y-6">
      {data && (
        <div className="grid grid-cols-3 gap-3" data-testid="archive-totals">
          {[
            ['Sessions', data.totals.sessions],
            ['Total minutes', data.totals.totalMinutes],
            ['Speakers', data.totals.uniqueSpeakers],
          ].map(([label, n]) => (
            <Card key={label}>
              <CardContent className="p-4 text-center">
                <p className="font-display text-3xl font-semibold text-ink-900">{n}</p>
                <p className="text-sm text-slate-600">{label}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input type="search" aria-label="Search sessions" placeholder="Search by title, speaker or topic..." value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select value={sort} onValueChange={(v) => setSort(v as Sort)}>
          <SelectTrigger aria-label="Sort sessions" className="sm:w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="date">Latest first</SelectItem>
            <SelectItem value="duration">Longest first</SelectItem>
            <SelectItem value="popular">Most viewed</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {archive.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading sessions…" />
        </div>
      ) : data && data.sessions.length === 0 ? (
        <p className="py-12 text-center text-slate-600">{term ? 'No sessions match your search.' : 'No recorded sessions yet.'}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Archived sessions">
          {data?.sessions.map((s) => (
            <li key={s.id}>
              <Card className="flex h-full flex-col overflow-hidden" data-testid="archive-card">
                <div className="flex aspect-video items-center justify-center bg-gradient-to-br from-ink-900 to-ink-700 text-gold-300">
                  {s.thumbnail_url ? <img src={s.thumbnail_url} alt="" loading="lazy" width={640} height={360} data-testid="archive-thumbnail" className="h-full w-full object-cover" /> : <span className="font-display text-2xl">{formatMinutesSeconds(s.duration_seconds)}</span>}
                </div>
                <CardContent className="flex flex-1 flex-col gap-2 p-4">
                  <p className="font-semibold text-ink-900">{s.session_title}</p>
                  <p className="text-sm text-slate-700">
                    {s.speaker_name ?? 'Guest speaker'}
                    {s.speaker_topic ? ` · ${s.speaker_topic}` : ''}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatMinutesSeconds(s.duration_seconds)} · {s.actual_start_time ? formatLocalDate(s.actual_start_time) : '—'} · {s.views} {s.views === 1 ? 'view' : 'views'}
                  </p>
                  <div className="mt-auto flex gap-2 pt-2">
                    {/* A row without a recording (the seed's sample rows, or a URL cleared by an admin) says so instead of a dead Watch button. */}
                    {s.recording_url ? (
                      <Button size="sm" variant="secondary" onClick={() => void open(s)}>
                        Watch
                      </Button>
                    ) : (
                      <span className="inline-flex items-center rounded-md bg-slate-100 px-3 text-xs font-medium text-slate-600" data-testid="no-recording">
                        No recording available
                      </span>
                    )}
                    <Button size="sm" variant="outline" aria-pressed={s.favorite} onClick={() => void toggleFavorite(s)}>
                      {s.favorite ? '★ Favorited' : '☆ Favorite'}
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
