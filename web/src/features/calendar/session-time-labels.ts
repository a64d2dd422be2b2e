import { easternTime } from '@app/common/domain/session-time';

/**
 * Labels of a session's time for the upcoming list: the viewer's own time (their browser's zone) and the community's
 * New York time with its abbreviation for that date (EDT or EST).
 */
export function upcomingSessionTimeLabels(iso: string): { viewer: string; viewerZone: string; newYork: string } {
  const d = new Date(iso);
  const viewer = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
  const viewerZone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return { viewer, viewerZone, newYork: easternTime(d) };
}
