import { useSyncExternalStore } from 'react';
import type { SessionDay } from '@app/common/domain/flyer';
import { nextSessionDay, SESSION_TIME_LABEL, sessionTime } from '@app/common/domain/session-time';
import { cn } from '../../lib/cn';

const subscribe = () => () => undefined;
// One reading of the clock per minute, so every render in between sees the same moment.
let readAt: Date | null = null;
function now(): Date {
  const t = Date.now();
  if (!readAt || t - readAt.getTime() > 60_000) readAt = new Date(t);
  return readAt;
}

/**
 * The sessions' start time for the next session (on `day` when given): "7:00 AM Eastern Time (EST)" with the
 * viewer's own time after it (in `viewerClassName`; on a line of its own when `stacked`) when that reads differently. The page built ahead of time, and
 * the browser until the app runs, show the dateless "7:00 AM Eastern Time": the season and the viewer's zone are
 * the browser's to know.
 */
export function SessionTime({ day, viewerClassName, stacked = false }: { day?: SessionDay; viewerClassName?: string; stacked?: boolean }) {
  const moment = useSyncExternalStore(subscribe, now, () => null);
  if (!moment) return <>{SESSION_TIME_LABEL}</>;
  const t = sessionTime(nextSessionDay(moment, day));
  return (
    <>
      {t.eastern}
      {t.viewer && (
        <span className={cn(stacked && 'block', viewerClassName)}>
          {stacked ? ' ' : ' · '}
          {t.viewer} your time
        </span>
      )}
    </>
  );
}
