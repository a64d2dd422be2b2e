import { Badge } from '../../components/ui/badge';
import { formatBytes, formatClock } from './media';
import { BACKLOG_WARN_SECONDS, type StudioRecorder } from './use-studio-recorder';

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

/** Upload and finalize progress: acknowledged / recorded bytes while recording, then the worker's percent. */
export function UploadStatus({ r }: { r: StudioRecorder }) {
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
