import { z } from 'zod';
import { ZCalendarSettings, ZFeedLink, ZReminderSetting, ZRsvpList, ZRsvpState, ZUpcomingSession } from '../schemas/calendar';
import { contract, ZOk } from './contract';

const ZSessionId = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

/** The calendar module: upcoming sessions, RSVPs, reminder settings and calendar feeds (the .ics routes are not JSON). */
export const calendarApi = {
  upcoming: contract({ method: 'GET', path: '/api/calendar/upcoming', response: z.object({ sessions: z.array(ZUpcomingSession) }) }),
  rsvp: contract({ method: 'PUT', path: '/api/calendar/sessions/:id/rsvp', params: ZSessionId, response: ZRsvpState }),
  unrsvp: contract({ method: 'DELETE', path: '/api/calendar/sessions/:id/rsvp', params: ZSessionId, response: ZRsvpState }),
  rsvps: contract({ method: 'GET', path: '/api/calendar/sessions/:id/rsvps', params: ZSessionId, response: ZRsvpList }),
  rsvpCounts: contract({ method: 'GET', path: '/api/calendar/rsvp-counts', response: z.object({ counts: z.record(z.string(), z.number().int()) }) }),
  settings: contract({ method: 'GET', path: '/api/calendar/settings', response: ZCalendarSettings }),
  saveSettings: contract({ method: 'PUT', path: '/api/calendar/settings', body: ZReminderSetting, response: ZCalendarSettings }),
  rotateFeed: contract({ method: 'POST', path: '/api/calendar/feed-link', response: ZFeedLink }),
  revokeFeed: contract({ method: 'DELETE', path: '/api/calendar/feed-link', response: ZOk }),
};

/** The public feed of every session (iCalendar). */
export const PUBLIC_FEED_PATH = '/api/calendar/sessions.ics';
/** One session as a single-event .ics ('Add to calendar'). */
export const sessionEventPath = (id: string) => `/api/calendar/sessions/${id}/event.ics`;
/** A member's personal feed: the sessions they RSVP'd to, behind a secret. */
export const memberFeedPath = (token: string) => `/api/calendar/feeds/${token}/sessions.ics`;
