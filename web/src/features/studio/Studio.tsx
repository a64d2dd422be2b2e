import { useEffect } from 'react';
import { rooms } from '@app/common/events';
import type { TStudioState } from '@app/common/studio';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useLiveEvents } from '../../lib/socket';
import { LeftoverTake } from './LeftoverTake';
import { RecordingCard } from './RecordingCard';
import { useStudioRecorder } from './use-studio-recorder';
import { VideoPreview } from './VideoPreview';

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
            <RecordingCard r={r} recordingUrl={recordingUrl} />
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
