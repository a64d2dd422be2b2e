import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { calendarApi, PUBLIC_FEED_PATH, sessionEventPath } from '@app/common/api/calendar';
import type { TUpcomingSession } from '@app/common/schemas/calendar';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { call } from '../../lib/api';
import { useLiveEvents } from '../../lib/socket';
import { useAction, useLoadErrorToast } from '../../lib/use-action';
import { Avatar } from '../auth/Avatar';
import { useSignInPath } from '../auth/sign-in-link';
import { upcomingSessionTimeLabels } from './session-time-labels';

const KEY = ['calendar', 'upcoming'];
type Upcoming = { sessions: TUpcomingSession[] };

function RsvpButton({ s }: { s: TUpcomingSession }) {
  const queryClient = useQueryClient();
  const [toggle, busy] = useAction(
    async () => {
      const r = await call(s.attending ? calendarApi.unrsvp : calendarApi.rsvp, { params: { id: s.id } });
      queryClient.setQueriesData<Upcoming>({ queryKey: KEY }, (d) => d && { sessions: d.sessions.map((x) => (x.id === s.id ? { ...x, attending: r.attending, rsvp_count: r.rsvp_count } : x)) });
    },
    { message: s.attending ? 'Could not undo your RSVP' : 'Could not save your RSVP' },
  );
  return (
    <Button size="sm" variant={s.attending ? 'outline' : 'secondary'} onClick={toggle} loading={busy} aria-pressed={s.attending ?? false} aria-label={s.attending ? `Undo: I'll be there (${s.session_title})` : `I'll be there (${s.session_title})`}>
      {s.attending ? "✓ I'll be there · Undo" : "I'll be there"}
    </Button>
  );
}

function SessionItem({ s, signInPath }: { s: TUpcomingSession; signInPath: string }) {
  const time = upcomingSessionTimeLabels(s.scheduled_date);
  const live = s.status === 'live';
  return (
    <Card data-testid="upcoming-session">
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink-900">{s.session_title}</h3>
            {live && (
              <Badge variant="red" dot="pulse" data-testid="upcoming-live">
                Live now
              </Badge>
            )}
          </div>
          <p className="text-sm text-slate-700" data-testid="upcoming-time">
            <time dateTime={s.scheduled_date}>
              {time.viewer} {time.viewerZone}
            </time>{' '}
            <span className="text-slate-600">({time.newYork})</span>
          </p>
          {s.speaker && (
            <div className="flex items-center gap-3">
              <Avatar name={s.speaker.name} src={s.speaker.avatar} size="sm" />
              <p className="text-sm">
                <span className="font-medium text-ink-900">{s.speaker.name}</span>
                {s.speaker.topic && <span className="text-gold-800"> · {s.speaker.topic}</span>}
              </p>
            </div>
          )}
          <p className="text-sm text-slate-600" data-testid="upcoming-count">
            {s.rsvp_count === 1 ? '1 member is coming' : `${s.rsvp_count} members are coming`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {s.attending === null ? (
            <Link to={signInPath} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              Sign in to RSVP
            </Link>
          ) : (
            s.status === 'scheduled' && <RsvpButton s={s} />
          )}
          {s.discord_channel_link && (
            <a href={s.discord_channel_link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: live ? 'primary' : 'outline', size: 'sm' })}>
              {live ? 'Join now' : 'Channel'}
            </a>
          )}
          <a href={sessionEventPath(s.id)} download className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Add ${s.session_title} to calendar`}>
            Add to calendar
          </a>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The next sessions for everyone: each in the viewer's own time with New York time beside it, the speaker, the
 * channel, a live badge while it is live and its .ics; members RSVP, visitors are asked to sign in. Status and counts
 * follow the public 'sessions' room.
 */
export function UpcomingSessions({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const signInPath = useSignInPath();
  const upcoming = useQuery({ queryKey: [...KEY, signedIn], queryFn: ({ signal }) => call(calendarApi.upcoming, {}, signal) });
  useLoadErrorToast(upcoming, { message: 'Failed to load upcoming sessions', id: 'upcoming-load' });
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useLiveEvents(
    'sessions',
    {
      'session:status': refetch,
      'session:rsvps': (e) =>
        queryClient.setQueriesData<Upcoming>({ queryKey: KEY }, (d) => d && { sessions: d.sessions.map((x) => (x.id === e.session_id ? { ...x, rsvp_count: e.rsvp_count } : x)) }),
    },
    refetch,
  );
  const sessions = upcoming.data?.sessions ?? [];
  return (
    <section aria-labelledby="upcoming-sessions" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="upcoming-sessions" className="font-display text-2xl font-semibold text-ink-900">
          Upcoming sessions
        </h2>
        <a href={PUBLIC_FEED_PATH} className="text-sm font-medium text-ink-800 underline underline-offset-2">
          Subscribe to all sessions (calendar feed)
        </a>
      </div>
      {upcoming.isPending ? (
        <Spinner label="Loading sessions…" />
      ) : sessions.length === 0 ? (
        <p className="text-slate-600">No sessions are scheduled yet.</p>
      ) : (
        <div className="grid gap-3">
          {sessions.map((s) => (
            <SessionItem key={s.id} s={s} signInPath={signInPath} />
          ))}
        </div>
      )}
    </section>
  );
}
