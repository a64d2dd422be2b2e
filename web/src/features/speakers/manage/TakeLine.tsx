import type { RecordingStatus } from '@app/common/domain/session-status';

/** A session's studio take as the live events last described it. */
export interface LiveTake {
  recording_id: string;
  status: RecordingStatus;
  percent: number | null;
  error: string | null;
}

/** The take line under a session: recording, finalize progress, saved or failed (live, from the admins room). */
export function TakeLine({ take }: { take: LiveTake }) {
  if (take.status === 'recording') return <p className="text-sm font-medium text-red-800">Recording in the studio…</p>;
  if (take.status === 'failed') return <p className="text-sm font-medium text-red-800">Recording failed{take.error ? `: ${take.error}` : ''}</p>;
  const pct = take.status === 'completed' ? 100 : (take.percent ?? 0);
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <span>{take.status === 'completed' ? 'Recording saved' : 'Finalizing recording'}</span>
      <span
        role="progressbar"
        aria-label="Finalize progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full rounded-full bg-gold-500" style={{ width: `${pct}%` }} />
      </span>
      <span className="font-mono tabular-nums">{pct}%</span>
    </div>
  );
}
