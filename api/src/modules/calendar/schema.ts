import { ZApiError } from '@app/common/schemas/errors';
import { calendarApi } from '@app/common/api/calendar';

const tags = ['calendar'];
const denied = { 401: ZApiError, 403: ZApiError };

/** GET /api/calendar/upcoming */
export const upcomingSchema = { tags, summary: 'The next scheduled sessions (and any live one), soonest first, with RSVP counts; whether the viewer is coming when signed in', response: { 200: calendarApi.upcoming.response } };

/** PUT /api/calendar/sessions/:id/rsvp */
export const rsvpSchema = { tags, summary: "I'll be there: RSVP to a scheduled session (its reminder is queued at the member's lead time)", params: calendarApi.rsvp.params, response: { 200: calendarApi.rsvp.response, 400: ZApiError, ...denied, 404: ZApiError, 409: ZApiError } };

/** DELETE /api/calendar/sessions/:id/rsvp */
export const unrsvpSchema = { tags, summary: 'Undo an RSVP (its reminder is dropped)', params: calendarApi.unrsvp.params, response: { 200: calendarApi.unrsvp.response, 400: ZApiError, ...denied, 404: ZApiError } };

/** GET /api/calendar/sessions/:id/rsvps */
export const rsvpsSchema = { tags, summary: 'Who is coming to a session (admins)', params: calendarApi.rsvps.params, response: { 200: calendarApi.rsvps.response, 400: ZApiError, ...denied } };

/** GET /api/calendar/rsvp-counts */
export const rsvpCountsSchema = { tags, summary: 'RSVP counts per session (admins)', response: { 200: calendarApi.rsvpCounts.response, ...denied } };

/** GET /api/calendar/settings */
export const settingsSchema = { tags, summary: "The member's reminder lead time and whether they have a personal feed link", response: { 200: calendarApi.settings.response, 401: ZApiError } };

/** PUT /api/calendar/settings */
export const saveSettingsSchema = {
  tags,
  summary: "Set the member's reminder lead time (minutes before, or null for none); their queued reminders move",
  body: calendarApi.saveSettings.body,
  response: { 200: calendarApi.saveSettings.response, 400: ZApiError, 401: ZApiError },
};

/** POST /api/calendar/feed-link */
export const rotateFeedSchema = { tags, summary: 'A new secret link to the member\'s own feed (the old one stops working); shown once', response: { 200: calendarApi.rotateFeed.response, 401: ZApiError } };

/** DELETE /api/calendar/feed-link */
export const revokeFeedSchema = { tags, summary: "Revoke the member's feed link", response: { 200: calendarApi.revokeFeed.response, 401: ZApiError } };
