import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { FLYER_FAILED, SESSION_DAYS, SESSION_MINUTES, flyerFileName, type SessionDay } from '@app/common/domain/flyer';
import { type TFlyerStatus } from '@app/common/schemas/flyers';
import type { TSpeakerProfile } from '@app/common/schemas/speakers';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { flyersApi } from '@app/common/api/flyers';
import { SessionTime } from './SessionTime';
import { ApiError, call } from '../../lib/api';
import { useLiveRefetch } from '../../lib/socket';

/** Where one day's flyer stands on this page. */
type Entry = { state: 'idle' } | { state: 'requesting'; speakerId: string } | { state: 'pending' | 'ready' | 'failed'; flyer: TFlyerStatus };

const POLL_MS = 1_500;
/** After this long still pending, the page offers to ask again (which re-enqueues a lost job). */
const STALLED_MS = 60_000;
const IDLE: Record<SessionDay, Entry> = { Monday: { state: 'idle' }, Wednesday: { state: 'idle' }, Friday: { state: 'idle' } };

function failed(day: SessionDay, err: unknown) {
  console.error(`Failed to generate the ${day} flyer`, err);
  // Refusals the member can act on (no topic, too many attempts) keep the server's words.
  const description = err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 401 ? err.message : FLYER_FAILED.description;
  toast({ id: `flyer-${day}`, title: FLYER_FAILED.title, description, variant: 'destructive' });
}

/**
 * Waits for a pending flyer: polls its status, and refetches at once when flyer:ready arrives in the
 * member's room. Reports the settled status to the parent.
 */
function PendingFlyer({ jobId, onSettled }: { jobId: string; onSettled: (f: TFlyerStatus) => void }) {
  const status = useQuery({
    queryKey: ['flyer', jobId],
    queryFn: ({ signal }) => call(flyersApi.status, { params: { jobId } }, signal),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : POLL_MS),
  });
  useLiveRefetch('me', 'flyer:ready', [['flyer', jobId]]);
  const data = status.data;
  useEffect(() => {
    if (data && data.status !== 'pending') onSettled(data);
  }, [data, onSettled]);
  return null;
}

function DayCard({ day, entry, onGenerate, onSettled }: { day: SessionDay; entry: Entry; onGenerate: () => void; onSettled: (f: TFlyerStatus) => void }) {
  const pendingJob = entry.state === 'pending' ? entry.flyer.jobId : null;
  const [stalledJob, setStalledJob] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingJob) return;
    const timer = window.setTimeout(() => setStalledJob(pendingJob), STALLED_MS);
    return () => window.clearTimeout(timer);
  }, [pendingJob]);
  const stalled = pendingJob !== null && stalledJob === pendingJob;
  const busy = (entry.state === 'requesting' || entry.state === 'pending') && !stalled;
  return (
    <li>
      <Card className="flex h-full flex-col" data-testid={`flyer-${day.toLowerCase()}`}>
        <CardContent className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-baseline justify-between gap-2">
            <p className="font-display text-xl font-semibold text-ink-900">{day}</p>
            <p className="text-xs text-slate-600">
              <SessionTime day={day} /> · {SESSION_MINUTES} min
            </p>
          </div>
          <div className="flex aspect-[4/5] items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-ink-800 to-ink-950 text-center text-sm text-gold-100">
            {entry.state === 'ready' && entry.flyer.flyerUrl ? (
              <img src={entry.flyer.flyerUrl} alt={`${day} flyer`} className="h-full w-full object-cover" />
            ) : busy ? (
              <div role="status" className="flex w-3/4 flex-col items-center gap-3">
                <Spinner decorative />
                <span>{entry.state === 'requesting' ? 'Starting…' : 'Rendering your flyer…'}</span>
                <span className="h-1.5 w-full overflow-hidden rounded-full bg-ink-700">
                  <span className="block h-full w-1/3 animate-pulse rounded-full bg-gold-500 motion-reduce:animate-none" />
                </span>
              </div>
            ) : stalled ? (
              <p role="status" className="px-4">
                Still waiting for the render: the queue may be busy. Try again to ask once more.
              </p>
            ) : entry.state === 'failed' ? (
              <p role="alert" className="px-4 font-semibold text-red-200">
                {FLYER_FAILED.title}
                <span className="mt-1 block font-normal text-gold-100">{entry.flyer.error ?? FLYER_FAILED.description}</span>
              </p>
            ) : (
              <span className="px-6 text-gold-100/80">1080 × 1350 PNG, ready to post</span>
            )}
          </div>
          {entry.state === 'pending' && <PendingFlyer jobId={entry.flyer.jobId} onSettled={onSettled} />}
          <div className="mt-auto flex flex-wrap gap-2">
            {entry.state === 'ready' && entry.flyer.downloadUrl ? (
              <>
                <a href={entry.flyer.downloadUrl} download={entry.flyer.fileName} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                  Download {day}
                </a>
                <a href={entry.flyer.flyerUrl ?? entry.flyer.downloadUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  Open
                </a>
              </>
            ) : (
              <Button size="sm" variant={entry.state === 'failed' ? 'primary' : 'secondary'} loading={busy} onClick={onGenerate} aria-label={`Generate the ${day} flyer`}>
                {entry.state === 'failed' || stalled ? 'Try again' : 'Generate'}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * The weekly flyer generator (spec §2, §7): one flyer per session day for the first speaker with a
 * topic. Each day's render runs on the server's render queue; the page shows its progress and then
 * offers the PNG, downloaded as dog-pound-flyer-{day}.png.
 */
export function FlyerGenerator({ speakers, loading }: { speakers: TSpeakerProfile[] | undefined; loading: boolean }) {
  const speaker = speakers?.find((s) => s.speaker_topic?.trim());
  const [held, setHeld] = useState<Record<SessionDay, Entry>>(IDLE);
  // An answer is kept whatever the page's speaker list said when it was asked for: the list may refresh while
  // a render runs (a profile just saved), and dropping the answer then left the card waiting for a second click.
  // It is shown while it belongs to the speaker on the page and is not older than their profile on the page.
  const current = (e: Entry): Entry => {
    if (!speaker || e.state === 'idle') return e;
    if (e.state === 'requesting') return e.speakerId === speaker.id ? e : { state: 'idle' };
    const stale = e.flyer.speakerId !== speaker.id || Number(e.flyer.profileVersion) < Date.parse(speaker.updated_at);
    return stale ? { state: 'idle' } : e;
  };
  const entries = { Monday: current(held.Monday), Wednesday: current(held.Wednesday), Friday: current(held.Friday) };
  const set = useCallback((day: SessionDay, e: Entry) => setHeld((h) => ({ ...h, [day]: e })), [setHeld]);

  const settle = useCallback(
    (day: SessionDay, flyer: TFlyerStatus) => {
      set(day, { state: flyer.status, flyer });
      if (flyer.status === 'failed') failed(day, new Error(flyer.error ?? 'failed'));
    },
    [set],
  );

  async function generate(day: SessionDay) {
    if (!speaker) return;
    set(day, { state: 'requesting', speakerId: speaker.id });
    try {
      const flyer = await call(flyersApi.request, { body: { speakerId: speaker.id, sessionDay: day } });
      settle(day, flyer);
    } catch (err) {
      set(day, { state: 'idle' });
      failed(day, err);
    }
  }

  const anyBusy = Object.values(entries).some((e) => e.state === 'requesting' || e.state === 'pending');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Weekly flyers</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {loading ? (
          <Spinner label="Loading speakers…" />
        ) : !speaker ? (
          <p className="text-slate-600">No speaker has a topic yet: set yours above and the flyers for Monday, Wednesday and Friday can be generated.</p>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" data-testid="flyer-speaker">
                Featuring <span className="font-semibold text-ink-900">{speaker.discord_username}</span> — <span className="text-gold-800">{speaker.speaker_topic}</span>
              </p>
              <Button onClick={() => SESSION_DAYS.forEach((d) => entries[d].state !== 'ready' && void generate(d))} loading={anyBusy} disabled={SESSION_DAYS.every((d) => entries[d].state === 'ready')}>
                Generate all three
              </Button>
            </div>
            <ul className="grid gap-4 sm:grid-cols-3" aria-label="Flyers by session day">
              {SESSION_DAYS.map((day) => (
                <DayCard key={day} day={day} entry={entries[day]} onGenerate={() => void generate(day)} onSettled={(f) => settle(day, f)} />
              ))}
            </ul>
            <p className="text-xs text-slate-500">Files download as {flyerFileName('Monday')}, {flyerFileName('Wednesday')} and {flyerFileName('Friday')}.</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
