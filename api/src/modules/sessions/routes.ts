import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionsApi } from '@app/common/api/sessions';
import { audit } from '@app/common/server/audit.repository';
import {
  createSession,
  findSession,
  issueSpeakerToken,
  listSessions,
  listSpeakerOptions,
  setRecordingUrl,
  toApiSession,
  TransitionError,
  UnknownSpeakerError,
} from '@app/common/server/sessions/speaker-sessions.repository';
import { httpError } from '../../http-error';
import { editSession, moveSession, removeSession } from './speaker-sessions.service';
import {
  changeStatusSchema,
  createSessionSchema,
  deleteSessionSchema,
  listSessionsSchema,
  newTokenSchema,
  recordingUrlSchema,
  speakerOptionsSchema,
  updateSessionSchema,
} from './schema';

const notFound = () => httpError(404, 'Session not found');

/** Repository refusals as answers: an unknown speaker is a 400, a refused move a 409. */
function refusal(err: unknown): unknown {
  if (err instanceof UnknownSpeakerError) return httpError(400, err.message);
  if (err instanceof TransitionError) return httpError(409, err.message);
  return err;
}

/** Manage Sessions (admins only, every action audited). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { session: { userId: string } | null; ip: string; headers: Record<string, unknown> }) => ({
    userId: req.session?.userId ?? null,
    ip: req.ip,
    userAgent: req.headers['user-agent'] as string | undefined,
  });
  const admin = { config: { access: 'admin' as const } };

  app.get(sessionsApi.list.path, { ...admin, schema: listSessionsSchema }, async () => ({ sessions: await listSessions(app.db) }));

  app.get(sessionsApi.speakerOptions.path, { ...admin, schema: speakerOptionsSchema }, async (req) => ({ members: await listSpeakerOptions(app.db, req.query.search) }));

  app.post(sessionsApi.create.path, { ...admin, schema: createSessionSchema }, async (req, reply) => {
    const row = await createSession(app.db, req.body).catch((err: unknown) => Promise.reject(refusal(err)));
    const { token, expiresAt } = await issueSpeakerToken(app.db, row.id, req.session!.userId);
    await audit(app.db, 'speaker_token_generated', meta(req), { session_id: row.id, reason: 'created' });
    return reply.status(201).send({ session: toApiSession(row), token, token_expires_at: expiresAt.toISOString() });
  });

  app.patch(sessionsApi.update.path, { ...admin, schema: updateSessionSchema }, async (req) => {
    const row = await editSession(app, req.log, req.params.id, req.body).catch((err: unknown) => Promise.reject(refusal(err)));
    if (!row) throw notFound();
    return toApiSession(row);
  });

  app.delete(sessionsApi.remove.path, { ...admin, schema: deleteSessionSchema }, async (req) => {
    if (!(await removeSession(app, req.log, req.params.id))) throw notFound();
    return { ok: true as const };
  });

  app.post(sessionsApi.changeStatus.path, { ...admin, schema: changeStatusSchema }, async (req) => {
    const row = await moveSession(app, req.log, req.params.id, req.body.status).catch((err: unknown) => Promise.reject(refusal(err)));
    if (!row) throw notFound();
    return toApiSession(row);
  });

  app.post(sessionsApi.newToken.path, { ...admin, schema: newTokenSchema }, async (req) => {
    if (!(await findSession(app.db, req.params.id))) throw notFound();
    const { token, expiresAt } = await issueSpeakerToken(app.db, req.params.id, req.session!.userId);
    await audit(app.db, 'speaker_token_generated', meta(req), { session_id: req.params.id, reason: 'regenerated' });
    return { token, token_expires_at: expiresAt.toISOString() };
  });

  app.put(sessionsApi.setRecordingUrl.path, { ...admin, schema: recordingUrlSchema }, async (req) => {
    const row = await setRecordingUrl(app.db, req.params.id, req.body.recording_url);
    if (!row) throw notFound();
    await audit(app.db, 'session_recording_url_updated', meta(req), { session_id: row.id, recording_url: req.body.recording_url });
    return toApiSession(row);
  });
};
