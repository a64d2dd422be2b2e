import { QueueEvents } from 'bullmq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FLYER_WAIT_MS, flyerFileName } from '@app/common/domain/flyer';
import { ZApiError } from '@app/common/schemas/errors';
import { flyersApi } from '@app/common/api/flyers';
import { ZFlyerJobParams } from '@app/common/schemas/flyers';
import { FlyerRequestError, findFlyer, flyerStatus, requestFlyer } from '@app/common/server/flyers.repository';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import { httpError } from '../../http-error';

/**
 * generate-flyer (spec §7): POST /api/flyers enqueues flyer.render on the render queue and waits up to
 * FLYER_WAIT_MS for it (200 with flyerUrl), else answers 202 with the job id; the page then waits for
 * flyer:ready in its user room, or polls GET /api/flyers/:jobId. The PNG downloads, named
 * dog-pound-flyer-{day}.png, from GET /api/flyers/:jobId/download.
 */
export const flyerRoutes: FastifyPluginAsyncZod<{ redisUrl: string; redisPrefix: string }> = async (app, opts) => {
  // One QueueEvents (a blocking Redis connection) per API process, opened on the first request.
  let events: QueueEvents | null = null;
  const queueEvents = () => {
    events ??= new QueueEvents('render', { connection: createBullConnection(opts.redisUrl), prefix: bullPrefix(opts.redisPrefix) });
    return events;
  };
  app.addHook('onClose', async () => {
    const e = events;
    if (!e) return;
    const connection = await e.client;
    await e.close();
    connection.disconnect();
  });

  const publicUrl = (key: string) => app.storage.publicUrl(key);

  app.post(
    flyersApi.request.path,
    {
      config: { access: 'member', limit: 'flyer_generation' },
      schema: {
        tags: ['sessions'],
        summary: 'Generate the weekly flyer of a speaker for a session day (waits a few seconds, else 202 with the job id)',
        body: flyersApi.request.body,
        response: { 200: flyersApi.request.response, 202: flyersApi.request.response, 400: ZApiError, 401: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError, 503: ZApiError },
      },
    },
    async (req, reply) => {
      let row;
      try {
        row = await requestFlyer(app.db, app.queues, { speakerId: req.body.speakerId, day: req.body.sessionDay, requestedBy: req.session!.userId });
      } catch (err) {
        if (err instanceof FlyerRequestError) throw httpError(err.statusCode, err.message);
        // Redis (the queue) or Postgres away: the row, if written, is re-enqueued by the next request.
        req.log.error({ err }, 'could not ask for a flyer');
        throw httpError(503, 'Flyers cannot be generated right now. Please try again in a moment.');
      }
      if (row.status === 'pending') {
        try {
          const job = await app.queues.render.getJob(row.job_id);
          await job?.waitUntilFinished(queueEvents(), FLYER_WAIT_MS);
        } catch (err) {
          // A timeout (no worker, or a busy one) or a failed attempt: the row below says where it stands.
          req.log.debug({ err: (err as Error).message, jobId: row.job_id }, 'flyer not finished within the wait');
        }
        row = (await findFlyer(app.db, row.job_id)) ?? row;
      }
      return reply.status(row.status === 'pending' ? 202 : 200).send(flyerStatus(row, publicUrl));
    },
  );

  app.get(
    flyersApi.status.path,
    {
      config: { access: 'member' },
      schema: { tags: ['sessions'], summary: 'Where a flyer job stands (pending, ready with flyerUrl, or failed)', params: flyersApi.status.params, response: { 200: flyersApi.status.response, 400: ZApiError, 401: ZApiError, 404: ZApiError } },
    },
    async (req) => {
      const row = await findFlyer(app.db, req.params.jobId);
      if (!row) throw httpError(404, 'Flyer not found');
      return flyerStatus(row, publicUrl);
    },
  );

  app.get(
    '/api/flyers/:jobId/download',
    {
      config: { access: 'member' },
      schema: { tags: ['sessions'], summary: 'The flyer PNG as an attachment named dog-pound-flyer-{day}.png', params: ZFlyerJobParams, produces: ['image/png'] },
    },
    async (req, reply) => {
      const row = await findFlyer(app.db, req.params.jobId);
      if (!row || row.status !== 'ready' || !row.object_key) throw httpError(404, 'Flyer not found');
      const png = await app.storage.get(row.object_key);
      if (!png) throw httpError(404, 'Flyer not found');
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${flyerFileName(row.session_day)}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(png);
    },
  );
};
