import type { StudioState } from '@app/common/studio';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatClock } from './media';
import { UploadStatus } from './UploadStatus';
import type { StudioRecorder } from './use-studio-recorder';

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

/** The take's card: state, clock, the buttons the state allows, errors, upload and finalize progress. */
export function RecordingCard({ r, recordingUrl }: { r: StudioRecorder; recordingUrl: string | null }) {
  return (
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
  );
}
