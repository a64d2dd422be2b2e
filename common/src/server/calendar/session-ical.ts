import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CalendarSessionRow } from './session-calendar.repository';

/** The sessions' length in calendars until a recording says how long one really took. */
const DEFAULT_MINUTES = 15;

/** Where the calendar's links point and what it is called. */
export interface CalendarSite {
  publicUrl: string;
  productName: string;
}

const absolute = (site: CalendarSite, url: string) => (url.startsWith('/') ? `${site.publicUrl}${url}` : url);

/**
 * The UID of a session's event: the session id at our host, the same in every feed and .ics we serve, so a calendar
 * that has the event from one of them updates it from another.
 */
function sessionUid(site: CalendarSite, id: string): string {
  return `session-${id}@${new URL(site.publicUrl).hostname}`;
}

function describe(site: CalendarSite, s: CalendarSessionRow): string {
  const lines: string[] = [];
  if (s.speaker_name) lines.push(`Speaker: ${s.speaker_name}${s.speaker_topic ? ` (${s.speaker_topic})` : ''}`);
  if (s.session_description) lines.push('', s.session_description);
  if (s.discord_channel_link) lines.push('', `Join: ${s.discord_channel_link}`);
  if (s.recording_url) lines.push('', `Recording: ${absolute(site, s.recording_url)}`);
  if (s.status === 'cancelled') lines.push('', 'This session was cancelled.');
  lines.push('', `${site.publicUrl}/speakers`);
  return lines.join('\n');
}

/**
 * The sessions as an RFC 5545 calendar. Every value comes from the rows (DTSTAMP and LAST-MODIFIED are the time the
 * event last changed, not the time of the request), so the same rows always give the same bytes and the feeds can be
 * cached and tagged. SEQUENCE is the session's ical_sequence: a moved session replaces the subscriber's copy, a
 * cancelled one stays in the feed with STATUS:CANCELLED so calendars mark it rather than keep a stale copy.
 */
export function sessionsCalendar(site: CalendarSite, sessions: readonly CalendarSessionRow[], name: string): string {
  const cal = ical({
    name,
    prodId: { company: site.productName, product: 'sessions', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // REFRESH-INTERVAL / X-PUBLISHED-TTL: how often subscribers should poll (an ETag makes an unchanged poll cheap).
    ttl: 60 * 60,
    url: `${site.publicUrl}/speakers`,
  });
  for (const s of sessions) {
    const minutes = s.status === 'completed' && s.duration_seconds ? Math.max(1, Math.round(s.duration_seconds / 60)) : DEFAULT_MINUTES;
    cal.createEvent({
      id: sessionUid(site, s.id),
      sequence: s.ical_sequence,
      stamp: s.calendar_changed_at,
      lastModified: s.calendar_changed_at,
      created: s.created_at,
      start: s.scheduled_date,
      end: new Date(s.scheduled_date.getTime() + minutes * 60_000),
      summary: s.status === 'cancelled' ? `Cancelled: ${s.session_title}` : s.session_title,
      description: describe(site, s),
      location: s.discord_channel_link,
      url: s.recording_url ? absolute(site, s.recording_url) : `${site.publicUrl}/speakers`,
      status: s.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
