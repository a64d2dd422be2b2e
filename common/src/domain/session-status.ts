/** A speaker session's statuses, in the order a session moves through them. */
export const SESSION_STATUSES = ['scheduled', 'live', 'completed', 'cancelled'] as const;
/** A speaker session's status. */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A studio take's statuses (recording → finalizing → completed, or failed). */
export const RECORDING_STATUSES = ['recording', 'finalizing', 'completed', 'failed'] as const;
/** A studio take's status. */
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** The only moves a session may make: scheduled → live → completed, scheduled → cancelled. */
export const SESSION_TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  scheduled: ['live', 'cancelled'],
  live: ['completed'],
  completed: [],
  cancelled: [],
};

/** Whether `from` may move to `to`. */
export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return SESSION_TRANSITIONS[from].includes(to);
}

/** Badge colour per status (the spec: scheduled blue, live red, completed green, cancelled and anything else gray). */
export function statusColor(status: string): 'blue' | 'red' | 'green' | 'gray' {
  return ({ scheduled: 'blue', live: 'red', completed: 'green' } as Record<string, 'blue' | 'red' | 'green'>)[status] ?? 'gray';
}

/**
 * Management list duration: hours and minutes ("1h 05m", "15m"); under a minute in seconds ("9s"), since
 * "0m" read as if nothing was recorded; "—" when unknown.
 */
export function formatHoursMinutes(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || seconds < 0) return '—';
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

/** Archive duration: minutes:seconds ("15:00", "62:05"). */
export function formatMinutesSeconds(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The management form edits the scheduled date as a local date-time string cut to 16 characters. */
export function toLocalDateTimeInput(iso: string): string {
  const d = new Date(iso);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
