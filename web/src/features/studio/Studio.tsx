import { useEffect, useRef } from 'react';
import { rooms } from '@app/common/events';
import type { StudioState, TStudioState } from '@app/common/studio';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useLiveEvents } from '../../lib/socket';
import { formatBytes, formatClock } from './media';
import { LeftoverTake } from './LeftoverTake';
import { BACKLOG_WARN_SECONDS, useStudioRecorder, type StudioRecorder } from './use-studio-recorder';

const STATE_BADGE: Record<StudioState, BadgeVariant> = {
  idle: 'gray',
  starting: 'gold',
  live: 'red',
  paused: 'gold',
  ending: 'gold',
  uploading: 'blue',
  completed: 'green',
  error: 'red',
};

/** A labelled progress bar (0–100). */
function Progress({ value, label, testId }: { value: number; label: string; testId: string }) {
  const pct = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
      data-testid={testId}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-gold-500 transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${pct}%` }} />
    </div>
  );
}

function VideoPreview({ stream, state, elapsed, previewError, playbackUrl }: { stream: MediaStream | null; state: StudioState; elapsed: number; previewError: string | null; playbackUrl: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  }, [stream]);
  const recording = state === 'live' || state === 'paused';
  if (state === 'completed' && playbackUrl) {
    return (
      <div className="overflow-hidden rounded-xl bg-ink-950 ring-1 ring-ink-900/10">
        <video src={playbackUrl} controls playsInline preload="metadata" aria-label="Your recording" data-testid="studio-playback" className="aspect-video w-full" />
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink-950 ring-1 ring-ink-900/10">
      <video ref={ref} muted playsInline autoPlay aria-label="Camera preview" data-testid="studio-preview" className={cn('h-full w-full object-cover', !stream && 'hidden')} />
      {!stream && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-300">
          {state === 'completed' || state === 'uploading' || state === 'ending'
            ? 'Camera off: the recording has ended.'
            : (previewError ?? 'Starting the camera…')}
        </div>
      )}
      {recording && (
        <div className="absolute left-3 top-3 flex items-center gap-2 rounded-full bg-ink-950/75 px-3 py-1 text-sm font-semibold text-white">
          <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', state === 'live' ? 'animate-pulse bg-red-500 motion-reduce:animate-none' : 'bg-gold-400')} />
          {state === 'live' ? 'REC' : 'PAUSED'} <span className="font-mono tabular-nums">{formatClock(elapsed)}</span>
        </div>
      )}
    </div>
  );
}

function Controls({ r }: { r: StudioRecorder }) {
  switch (r.state) {
    case 'idle':
      return (
        <Button size="lg" variant="primary" onClick={() => void r.start()}>
          Start Recording
        </Button>
      );
    case 'starting':
      return (
        <Button size="lg" variant="primary" loading>
          Starting…
        </Button>
      );
    case 'live':
      return (
        <>
          <Button size="lg" variant="outline" onClick={r.pause}>
            Pause
          </Button>
          <Button size="lg" variant="destructive" onClick={() => void r.stop()}>
            Stop
          </Button>
        </>
      );
    case 'paused':
      return (
        <>
          <Button size="lg" variant="primary" onClick={r.resume}>
            Resume
          </Button>
          <Button size="lg" variant="destructive" onClick={() => void r.stop()}>
            Stop
          </Button>
        </>
      );
    case 'error':
      return (
        <Button size="lg" variant="outline" onClick={r.reset}>
          Back to Studio
        </Button>
      );
    default:
      return null;
  }
}

/** Upload and finalize progress: acknowledged / recorded bytes while recording, then the worker's percent. */
function UploadStatus({ r }: { r: StudioRecorder }) {
  const u = r.upload;
  if (r.finalizing || r.state === 'completed') {
    const pct = r.state === 'completed' ? 100 : (r.finalizePercent ?? 0);
    return (
      <div className="space-y-2" data-testid="studio-finalize">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-ink-900">{r.state === 'completed' ? 'Recording saved' : 'Processing recording…'}</span>
          <span className="font-mono tabular-nums text-slate-600">{pct}%</span>
        </div>
        <Progress value={pct} label="Processing progress" testId="finalize-progress" />
      </div>
    );
  }
  if (!u) return null;
  const pct = u.recordedBytes === 0 ? 0 : (u.ackedBytes / u.recordedBytes) * 100;
  const reconnecting = u.connection === 'reconnecting' || u.connection === 'connecting';
  return (
    <div className="space-y-2" data-testid="studio-upload">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-ink-900">
          Uploaded {formatBytes(u.ackedBytes)} of {formatBytes(u.recordedBytes)}
        </span>
        {u.connection === 'failed' ? (
          <Badge variant="red">Upload stopped</Badge>
        ) : reconnecting ? (
          <Badge variant="gold" dot="pulse" data-testid="upload-connection">
            {u.connection === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </Badge>
        ) : u.connection === 'open' ? (
          <Badge variant="green" dot data-testid="upload-connection">
            Connected
          </Badge>
        ) : null}
      </div>
      <Progress value={pct} label="Upload progress" testId="upload-progress" />
      <p className="text-xs text-slate-600" data-testid="upload-pending" aria-live="polite">
        {u.pendingChunks === 0
          ? 'Every recorded chunk is safely on the server.'
          : `${u.pendingChunks} ${u.pendingChunks === 1 ? 'chunk' : 'chunks'} waiting for the server — keep this tab open.`}
      </p>
      {r.backlogSeconds > BACKLOG_WARN_SECONDS && (
        <p role="status" className="rounded-lg bg-gold-50 p-3 text-xs text-ink-900" data-testid="upload-behind">
          The upload is {formatClock(r.backlogSeconds)} behind. Every chunk is saved in this browser until the server has it; if this page closes,
          open the studio again to upload the rest.
        </p>
      )}
    </div>
  );
}

/** The recording studio of the credential's session. */
export function Studio({ studio, speakerName, onCatchUp }: { studio: TStudioState; speakerName: string | null; onCatchUp: () => void }) {
  const r = useStudioRecorder();
  const { session, take } = studio;

  // A take the page did not start itself (reload after Stop): show where it is.
  const { adopt, onStatus } = r;
  useEffect(() => {
    if (!take) return;
    if (take.status === 'finalizing' || take.status === 'completed') adopt(take);
    onStatus({ recording_id: take.recording_id, status: take.status, recording_url: take.recording_url ?? session.recording_url, error: take.error });
  }, [take, session.recording_url, adopt, onStatus]);

  useLiveEvents(rooms.session(session.id) as `session:${string}`, { 'recording:status': r.onStatus, 'recording:progress': r.onProgress }, onCatchUp);

  // Should the room's events not arrive (the join refused, a proxy dropping websockets), a slow refetch still
  // brings the finalized take.
  const waitingForWorker = r.finalizing && r.state === 'uploading';
  useEffect(() => {
    if (!waitingForWorker) return;
    const id = window.setInterval(onCatchUp, 10_000);
    return () => window.clearInterval(id);
  }, [waitingForWorker, onCatchUp]);

  const recordingUrl = r.recordingUrl ?? session.recording_url;

  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-300">DOG POUND · Live Studio</p>
          <h1 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">{session.session_title}</h1>
          <p className="mt-2 text-slate-200">
            {new Date(session.scheduled_date).toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' })}
            {speakerName ? ` · Speaker: ${speakerName}` : ''}
          </p>
        </div>
      </section>
      <section className="bg-paper">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <VideoPreview stream={r.preview} state={r.state} elapsed={r.elapsed} previewError={r.previewError} playbackUrl={recordingUrl} />
          </div>
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <div className="flex items-center justify-between gap-3">
                  <CardTitle as="h2">Recording</CardTitle>
                  <Badge variant={STATE_BADGE[r.state]} data-testid="studio-status" {...(r.state === 'live' ? { dot: 'pulse' as const } : {})}>
                    {r.state}
                  </Badge>
                </div>
              </CardHeader>
              <CardContent className="space-y-5">
                <p className="font-mono text-5xl font-semibold tabular-nums text-ink-900" data-testid="studio-timer" aria-label="Elapsed time">
                  {formatClock(r.elapsed)}
                </p>
                <div className="flex flex-wrap gap-3">
                  <Controls r={r} />
                </div>
                {r.state === 'ending' && <p className="text-sm text-slate-600">Finishing the last chunk…</p>}
                {r.error && (
                  <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="studio-error">
                    {r.error}
                  </p>
                )}
                <UploadStatus r={r} />
                {r.state === 'completed' && recordingUrl && (
                  <Button asChild variant="outline">
                    <a href={recordingUrl} target="_blank" rel="noopener noreferrer">
                      Watch Recording
                    </a>
                  </Button>
                )}
              </CardContent>
            </Card>
            {r.state === 'idle' && <LeftoverTake take={take} onEnd={(t) => void r.endLeftover(t)} />}
            <Card>
              <CardHeader>
                <CardTitle as="h2">Session</CardTitle>
                {session.session_description && <CardDescription>{session.session_description}</CardDescription>}
              </CardHeader>
              <CardContent className="space-y-3 text-sm text-slate-700">
                <p>Sessions run 15 minutes. Press Start when you are on the call; the recording uploads while you speak.</p>
                {session.discord_channel_link && (
                  <Button asChild variant="secondary">
                    <a href={session.discord_channel_link} target="_blank" rel="noopener noreferrer">
                      Join Discord Call
                    </a>
                  </Button>
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      </section>
    </>
  );
}
