import { SESSION_DAYS, SESSION_MINUTES, type SessionDay } from './flyer';

/**
 * When the DOG POUND sessions start: 7:00 AM on the New York clock (spec §9), whatever the season. The zone's
 * abbreviation (EST in winter, EDT in summer) and every offset come from Intl's time-zone data, never from a table
 * of our own.
 */
const SESSION_ZONE = 'America/New_York';
const SESSION_CLOCK = { hour: 7, minute: 0 } as const;

const clock = (timeZone: string, weekday = false) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...(weekday ? { weekday: 'short' } : {}) });
const calendar = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Plain spaces: ICU puts a narrow no-break space before AM/PM in some versions and not in others. */
const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The start time without a date, for what is not about one session (the flyer image, pages before the app runs). */
export const SESSION_TIME_LABEL = `${plain(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2000, 0, 1, SESSION_CLOCK.hour, SESSION_CLOCK.minute)))} Eastern Time`;

/** How far New York's wall clock is ahead of UTC at `t` (negative: behind), in ms. */
function newYorkOffset(t: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: SESSION_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(t)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - Math.floor(t / 60_000) * 60_000;
}

/** The session on `day` (a New York calendar date, YYYY-MM-DD) as the viewer should read it. */
export interface SessionTime {
  /** When it starts. */
  start: Date;
  /** New York's wall time and the zone's name for that date: "7:00 AM Eastern Time (EST)". */
  eastern: string;
  /** The same moment on the viewer's clock ("1:00 PM GMT+1"; "Tue, 1:00 AM GMT+13" with the weekday when it falls on another day), or null when it reads as New York's. */
  viewer: string | null;
}

/**
 * The session on `day` in New York time, with the abbreviation right for that date, and in the viewer's own time
 * zone (`viewerTimeZone`, by default the runtime's). Throws a RangeError for a day that is not YYYY-MM-DD.
 */
export function sessionTime(day: string, viewerTimeZone?: string): SessionTime {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar date: "${day}"`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), SESSION_CLOCK.hour, SESSION_CLOCK.minute);
  // The offset at the wall time read as UTC is within hours of the right one; asking again at the result settles it
  // (7 AM is never inside a change of the clocks, which happen at 2 AM).
  const start = new Date(wall - newYorkOffset(wall - newYorkOffset(wall)));
  const parts = clock(SESSION_ZONE).formatToParts(start);
  const zone = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  const time = plain(
    parts
      .filter((p) => p.type !== 'timeZoneName')
      .map((p) => p.value)
      .join(''),
  );
  const viewerZone = viewerTimeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const sameDay = calendar(viewerZone).format(start) === day;
  const viewer = plain(clock(viewerZone, !sameDay).format(start));
  return { start, eastern: `${time} Eastern Time (${zone})`, viewer: sameDay && viewer === plain(clock(SESSION_ZONE).format(start)) ? null : viewer };
}

/**
 * The New York date (YYYY-MM-DD) of the next session not yet over at `now`, on any session day or only on `weekday`.
 */
export function nextSessionDay(now: Date, weekday?: SessionDay): string {
  const today = calendar(SESSION_ZONE).format(now);
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
  for (let i = 0; i < 8; i++) {
    const date = new Date(Date.UTC(y, mo - 1, d + i));
    const name = date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    if (!(weekday ? [weekday] : SESSION_DAYS).includes(name as SessionDay)) continue;
    const day = date.toISOString().slice(0, 10);
    if (sessionTime(day, SESSION_ZONE).start.getTime() + SESSION_MINUTES * 60_000 > now.getTime()) return day;
  }
  throw new Error('unreachable: a session day comes within a week');
}

/**
 * Any moment on the community's New York clock with the zone's abbreviation for that date: "7:00 AM EST", or with
 * `withDate` "Monday, November 30, 2026 at 7:00 AM EST" (for sessions scheduled at other times than the usual 7:00).
 */
export function easternTime(at: Date, withDate = false): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: SESSION_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(withDate ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } : {}),
  });
  return plain(format.format(at));
}
