import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FEED_PATH } from '@app/common/api/calendar';
import { Coalescer } from '@app/common/server/coalesce';
import { calendarSession, feedTokenOwner, memberFeedSessions, publicFeedSessions, publicFeedVersion, type CalendarSessionRow } from '@app/common/server/calendar/session-calendar.repository';
import { sessionsCalendar, type CalendarSite } from '@app/common/server/calendar/session-ical';
import { httpError } from '../../http-error';

const ICS_TYPE = 'text/calendar; charset=utf-8';
/** Calendars poll; an unchanged feed answers 304 to its ETag. Revalidated each time, so a change shows at the next poll. */
const FEED_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A feed as served: its bytes and their tag, and for the cached public feed the same bytes gzipped once. */
interface Feed {
  body: string;
  etag: string;
  gzipped?: { body: Buffer; etag: string };
}

const gzipAsync = promisify(gzip);

/** Whether the client takes gzip by `Accept-Encoding`'s negotiation (codings are case-insensitive, RFC 9110 §12.5.3). */
function acceptsGzip(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  return header !== undefined && negotiate(header.toLowerCase(), ['gzip', 'identity']) === 'gzip';
}

const tag = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/** Whether the request's If-None-Match names one of `etags` (a list or `*`, weak tags compared weakly, RFC 9110 §13.1.2). */
function matches(req: FastifyRequest, etags: string[]): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || etags.includes(v.replace(/^W\//, ''));
  });
}

/** Sends the feed, gzipped when it has a gzipped copy and the client takes it (each encoding its own strong ETag). */
function send(req: FastifyRequest, reply: FastifyReply, feed: Feed, cacheControl: string, disposition: string): FastifyReply {
  const zipped = feed.gzipped && acceptsGzip(req) ? feed.gzipped : null;
  const etag = zipped?.etag ?? feed.etag;
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (matches(req, feed.gzipped ? [feed.etag, feed.gzipped.etag] : [feed.etag])) return reply.status(304).send();
  reply.header('content-disposition', disposition).type(ICS_TYPE);
  return zipped ? reply.header('content-encoding', 'gzip').send(zipped.body) : reply.send(feed.body);
}

const ZToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Unknown feed') });
const ZSessionId = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

/**
 * The calendar feeds (RFC 5545): every session (public), one member's RSVP'd sessions (behind a secret link), and
 * one session as a single event. The public feed is built (and gzipped) once per change and kept in this process: a
 * poll costs one small query (count and latest change) and, when nothing changed, a 304.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ site: CalendarSite }> = async (app, { site }) => {
  let cached: (Feed & { version: string }) | null = null;
  let building: { version: string; feed: Promise<Feed> } | null = null;
  // Requests that arrive together share one version query; each still sees every change committed before it came.
  const versions = new Coalescer<null, string>(async (items) => {
    const v = await publicFeedVersion(app.db);
    return items.map(() => v);
  });
  const build = (rows: CalendarSessionRow[], name: string): Feed => {
    const body = sessionsCalendar(site, rows, name);
    return { body, etag: tag(body) };
  };
  const publicFeed = async (): Promise<Feed> => {
    const version = await versions.run(null);
    if (cached?.version === version) return cached;
    if (building?.version !== version) {
      // Kept gzipped too: calendar apps ask for it, and 1,000 events shrink about tenfold.
      const feed = publicFeedSessions(app.db).then(async (rows) => {
        const plain = build(rows, `${site.productName} sessions`);
        return { ...plain, gzipped: { body: await gzipAsync(plain.body), etag: plain.etag.replace(/"$/, '-gzip"') } };
      });
      building = { version, feed };
      void feed.then(
        (f) => {
          if (building?.feed === feed) building = null;
          cached = { ...f, version };
        },
        () => {
          if (building?.feed === feed) building = null;
        },
      );
    }
    return building.feed;
  };

  const publicAccess = { config: { access: 'public' as const } };
  const tags = ['calendar'];

  app.get(
    PUBLIC_FEED_PATH,
    { ...publicAccess, schema: { tags, summary: 'Every session (the last 90 days and all ahead) as an iCalendar feed; ETag, 304 when unchanged', produces: ['text/calendar'] } },
    async (req, reply) => send(req, reply, await publicFeed(), FEED_CACHE_CONTROL, 'inline; filename="sessions.ics"'),
  );

  app.get(
    '/api/calendar/feeds/:token/sessions.ics',
    { ...publicAccess, schema: { tags, summary: "A member's own feed: the sessions they RSVP'd to (the secret link from their settings); ETag, 304 when unchanged", params: ZToken, produces: ['text/calendar'] } },
    async (req, reply) => {
      const userId = await feedTokenOwner(app.db, req.params.token);
      if (!userId) throw httpError(404, 'Unknown feed');
      // Private to its link: no shared cache may keep it.
      return send(req, reply, build(await memberFeedSessions(app.db, userId), `My ${site.productName} sessions`), 'private, max-age=0, must-revalidate', 'inline; filename="my-sessions.ics"');
    },
  );

  app.get(
    '/api/calendar/sessions/:id/event.ics',
    { ...publicAccess, schema: { tags, summary: "One session as a single-event .ics ('Add to calendar'); same UID as in the feeds", params: ZSessionId, produces: ['text/calendar'] } },
    async (req, reply) => {
      const session = await calendarSession(app.db, req.params.id);
      if (!session) throw httpError(404, 'Session not found');
      return send(req, reply, build([session], session.session_title), FEED_CACHE_CONTROL, `attachment; filename="session-${session.id.slice(0, 8)}.ics"`);
    },
  );
};
