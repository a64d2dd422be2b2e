// The fake Stripe's event log: GET /v1/events, paged like Stripe's list API (the provider reconciliation reads it).
import type { FastifyInstance } from 'fastify';
import type { FakeEvent } from './stripe';

export function registerEventList(app: FastifyInstance, st: () => { events: FakeEvent[]; maxPage: number }, authorized: (auth: string | undefined) => boolean): void {
  // Newest first; starting_after / ending_before page like Stripe's list API (ending_before: the page just newer).
  app.get('/v1/events', async (req, reply) => {
    if (!authorized(req.headers.authorization)) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const q = req.query as Record<string, string>;
    const limit = Math.min(st().maxPage, Number(q.limit ?? 10));
    const newestFirst = [...st().events].reverse();
    let page: FakeEvent[];
    let hasMore: boolean;
    if (q.ending_before) {
      const i = newestFirst.findIndex((e) => e.id === q.ending_before);
      const newer = i < 0 ? newestFirst : newestFirst.slice(0, i);
      page = newer.slice(Math.max(0, newer.length - limit));
      hasMore = newer.length > limit;
    } else {
      const i = q.starting_after ? newestFirst.findIndex((e) => e.id === q.starting_after) : -1;
      const older = newestFirst.slice(i + 1);
      page = older.slice(0, limit);
      hasMore = older.length > limit;
    }
    return { object: 'list', url: '/v1/events', has_more: hasMore, data: page };
  });
}
