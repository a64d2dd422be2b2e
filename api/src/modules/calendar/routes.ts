import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarApi } from '@app/common/api/calendar';
import type { TUpcomingSession } from '@app/common/schemas/calendar';
import { listRsvps, RsvpClosedError, rsvpCounts, upcomingSessions, type UpcomingRow } from '@app/common/server/calendar/session-calendar.repository';
import { httpError } from '../../http-error';
import { rsvp } from './rsvp.service';
import { rsvpCountsSchema, rsvpSchema, rsvpsSchema, unrsvpSchema, upcomingSchema } from './schema';

/** How many sessions the speaker page lists: two weeks of Monday, Wednesday and Friday. */
const UPCOMING_LIMIT = 6;

function toUpcoming(r: UpcomingRow, signedIn: boolean): TUpcomingSession {
  return {
    id: r.id,
    session_title: r.session_title,
    session_description: r.session_description,
    scheduled_date: r.scheduled_date.toISOString(),
    status: r.status,
    discord_channel_link: r.discord_channel_link,
    speaker: r.speaker_name ? { name: r.speaker_name, avatar: r.speaker_avatar, topic: r.speaker_topic } : null,
    rsvp_count: r.rsvp_count,
    attending: signedIn ? r.attending : null,
  };
}

/** The upcoming sessions (anyone), RSVPs (members) and who is coming (admins). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(calendarApi.upcoming.path, { config: { access: 'public' }, schema: upcomingSchema }, async (req) => {
    const viewer = req.session?.userId ?? null;
    return { sessions: (await upcomingSessions(app.db, viewer, UPCOMING_LIMIT)).map((r) => toUpcoming(r, viewer !== null)) };
  });

  const member = { config: { access: 'member' as const } };
  const answer = async (sessionId: string, userId: string, attending: boolean, log: typeof app.log) => {
    const result = await rsvp(app, log, sessionId, userId, attending).catch((err: unknown) => Promise.reject(err instanceof RsvpClosedError ? httpError(409, err.message) : err));
    if (!result) throw httpError(404, 'Session not found');
    return { attending, rsvp_count: result.count };
  };
  app.put(calendarApi.rsvp.path, { ...member, schema: rsvpSchema }, async (req) => answer(req.params.id, req.session!.userId, true, req.log));
  app.delete(calendarApi.unrsvp.path, { ...member, schema: unrsvpSchema }, async (req) => answer(req.params.id, req.session!.userId, false, req.log));

  const admin = { config: { access: 'admin' as const } };
  app.get(calendarApi.rsvps.path, { ...admin, schema: rsvpsSchema }, async (req) => ({
    members: (await listRsvps(app.db, req.params.id)).map((m) => ({ ...m, rsvp_at: m.rsvp_at.toISOString() })),
  }));
  app.get(calendarApi.rsvpCounts.path, { ...admin, schema: rsvpCountsSchema }, async () => ({ counts: await rsvpCounts(app.db) }));
};
