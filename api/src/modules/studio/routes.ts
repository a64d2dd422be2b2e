import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studioApi } from '@app/common/api/studio';
import { ZApiError } from '@app/common/schemas/errors';
import { ZMissingChunks } from '@app/common/studio';
import { currentTake, findRecording, heldSeqs, missingMessage, resumePoint, takeState, TakeConflictError, toTake } from '@app/common/server/studio/recordings.repository';
import { findSession, toApiSession } from '@app/common/server/sessions/speaker-sessions.repository';
import { httpError } from '../../http-error';
import { startTake, stopTake } from './studio.service';

/**
 * The live studio's REST side (speaker access: the studio credential cookie, scoped to one session).
 * Chunks travel over the ingest socket (ingest.ts); these routes start, inspect and
 * finish a take.
 */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    studioApi.startTake.path,
    {
      config: { access: 'speaker' },
      schema: {
        tags: ['studio'],
        summary: 'Start the session\'s live take (scheduled → live), or answer the one already live (a reloaded studio resumes it)',
        response: { 200: studioApi.startTake.response, 201: studioApi.startTake.response, 401: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) => {
      const sessionId = req.studioSessionId!;
      try {
        const { take, created } = await startTake(app, sessionId);
        const { nextSeq } = created ? { nextSeq: 0 } : resumePoint(await heldSeqs(app.db, take.id));
        if (created) req.log.info({ sessionId, recordingId: take.id }, 'studio take started');
        return reply.status(created ? 201 : 200).send(toTake(take, nextSeq));
      } catch (err) {
        if (err instanceof TakeConflictError) throw httpError(409, err.message);
        throw err;
      }
    },
  );

  app.get(
    studioApi.state.path,
    {
      config: { access: 'speaker' },
      schema: {
        tags: ['studio'],
        summary: 'The studio\'s session and its live (else latest) take with the server\'s resume point; refetched on every reconnect',
        response: { 200: studioApi.state.response, 401: ZApiError, 404: ZApiError },
      },
    },
    async (req) => {
      const session = await findSession(app.db, req.studioSessionId!);
      if (!session) throw httpError(404, 'Session not found');
      const take = await currentTake(app.db, session.id);
      const url = take?.object_key ? app.storage.publicUrl(take.object_key) : null;
      return { session: toApiSession(session), take: take ? await takeState(app.db, take, url) : null };
    },
  );

  app.post(
    studioApi.finishTake.path,
    {
      config: { access: 'speaker' },
      schema: {
        tags: ['studio'],
        summary: 'Stop: with every chunk 0..final_seq stored, the take becomes finalizing and recording.finalize is enqueued (202); 409 lists missing seqs',
        params: studioApi.finishTake.params,
        body: studioApi.finishTake.body,
        response: { 202: studioApi.finishTake.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: z.union([ZMissingChunks, ZApiError]) },
      },
    },
    async (req, reply) => {
      const rec = await findRecording(app.db, req.params.id);
      if (!rec) throw httpError(404, 'Recording not found');
      if (rec.session_id !== req.studioSessionId) throw httpError(403, 'This studio sign-in is for another session');
      const outcome = await stopTake({ db: app.db, emitter: app.emitter, queues: app.queues, log: req.log }, rec.id, req.body.final_seq, req.body.duration_seconds);
      if (outcome.kind === 'missing') {
        req.log.warn({ recordingId: rec.id, missing: outcome.missing.length }, 'finish refused: chunks missing');
        return reply.status(409).send({ statusCode: 409 as const, error: 'Conflict', message: missingMessage(outcome.missing), missing: outcome.missing, requestId: req.id });
      }
      if (outcome.kind === 'conflict') throw httpError(409, outcome.message);
      const { take } = outcome;
      return reply.status(202).send(toTake(take, (take.final_seq ?? -1) + 1));
    },
  );
};
