import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZRecordingUrl, ZSessionForm, ZSessionWithToken, ZSpeakerSession, ZStatusChange } from '@app/common/schemas/sessions';
import { announceSession } from '@app/common/server/realtime';
import { audit } from '@app/common/server/audit';
import { changeStatus, findSession, issueSpeakerToken, listSessions, toApiSession, TransitionError } from '@app/common/server/speaker-sessions.repository';
import { httpError } from '../../http-error';

const ZId = z.object({ id: z.uuid({ error: 'id must be a session id' }) });
const notFound = () => httpError(404, 'Session not found');

/** Manage Sessions (admins only, every action audited). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { session: { userId: string } | null; ip: string; headers: Record<string, unknown> }) => ({
    userId: req.session?.userId ?? null,
    ip: req.ip,
    userAgent: req.headers['user-agent'] as string | undefined,
  });

  app.get(
    '/api/speaker-sessions',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'All speaker sessions, newest scheduled date first', response: { 200: z.object({ sessions: z.array(ZSpeakerSession) }), 401: ZApiError, 403: ZApiError } } },
    async () => ({ sessions: await listSessions(app.db) }),
  );

  app.post(
    '/api/speaker-sessions',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'Create a session; answers its speaker token once', body: ZSessionForm, response: { 201: ZSessionWithToken, 400: ZApiError, 401: ZApiError, 403: ZApiError } } },
    async (req, reply) => {
      const b = req.body;
      const [row] = await app.db('speaker_sessions')
        .insert({ session_title: b.session_title, session_description: b.session_description ?? null, scheduled_date: b.scheduled_date, discord_channel_link: b.discord_channel_link ?? null, speaker_id: req.session!.userId })
        .returning('*');
      const { token, expiresAt } = await issueSpeakerToken(app.db, row.id, req.session!.userId);
      await audit(app.db, 'speaker_token_generated', meta(req), { session_id: row.id, reason: 'created' });
      return reply.status(201).send({ session: toApiSession(row), token, token_expires_at: expiresAt.toISOString() });
    },
  );

  app.patch(
    '/api/speaker-sessions/:id',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'Edit a session', params: ZId, body: ZSessionForm.partial(), response: { 200: ZSpeakerSession, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } } },
    async (req) => {
      const [row] = await app.db('speaker_sessions').where({ id: req.params.id }).update({ ...req.body, updated_at: app.db.fn.now() }).returning('*');
      if (!row) throw notFound();
      return toApiSession(row);
    },
  );

  app.delete(
    '/api/speaker-sessions/:id',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'Delete a session', params: ZId, response: { 200: z.object({ ok: z.literal(true) }), 401: ZApiError, 403: ZApiError, 404: ZApiError } } },
    async (req) => {
      const n = await app.db('speaker_sessions').where({ id: req.params.id }).delete();
      if (!n) throw notFound();
      return { ok: true as const };
    },
  );

  app.post(
    '/api/speaker-sessions/:id/status',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'Move a session: scheduled → live → completed, scheduled → cancelled (409 otherwise)', params: ZId, body: ZStatusChange, response: { 200: ZSpeakerSession, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError } } },
    async (req) => {
      try {
        const row = await changeStatus(app.db, req.params.id, req.body.status);
        if (!row) throw notFound();
        announceSession(app.emitter, { session_id: row.id, status: row.status });
        return toApiSession(row);
      } catch (err) {
        if (err instanceof TransitionError) throw httpError(409, err.message);
        throw err;
      }
    },
  );

  app.post(
    '/api/speaker-sessions/:id/token',
    { config: { access: 'admin' }, schema: { tags: ['sessions'], summary: 'New speaker token (revokes the old one), shown once', params: ZId, response: { 200: z.object({ token: z.string(), token_expires_at: z.string() }), 401: ZApiError, 403: ZApiError, 404: ZApiError } } },
    async (req) => {
      if (!(await findSession(app.db, req.params.id))) throw notFound();
      const { token, expiresAt } = await issueSpeakerToken(app.db, req.params.id, req.session!.userId);
      await audit(app.db, 'speaker_token_generated', meta(req), { session_id: req.params.id, reason: 'regenerated' });
      return { token, token_expires_at: expiresAt.toISOString() };
    },
  );

  app.put(
    '/api/speaker-sessions/:id/recording-url',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sessions'],
        summary: 'manage-speaker-session update_recording_url: set or clear a session\'s recording URL (its archive entry follows)',
        params: ZId,
        body: ZRecordingUrl,
        response: { 200: ZSpeakerSession, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (req) => {
      const row = await app.db.transaction(async (trx) => {
        const [updated] = await trx('speaker_sessions').where({ id: req.params.id }).update({ recording_url: req.body.recording_url, updated_at: trx.fn.now() }).returning('*');
        if (updated) await trx('session_archive').where({ session_id: req.params.id }).update({ recording_url: req.body.recording_url });
        return updated;
      });
      if (!row) throw notFound();
      await audit(app.db, 'session_recording_url_updated', meta(req), { session_id: row.id, recording_url: req.body.recording_url });
      return toApiSession(row);
    },
  );
};
