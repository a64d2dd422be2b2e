import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminApi } from '@app/common/api/admin';
import { ZApiError } from '@app/common/schemas/errors';
import { openLogAlarms } from '@app/common/server/ledger/tlog-audit';

/** GET /api/admin/ledger/alarms: what the ledger watchdog found and nobody resolved yet (the admin pages' banner). */
export const ledgerAlarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminApi.ledgerAlarms.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The ledger watchdog's unresolved alarms: the first log index whose row no longer matches its leaf (docs/ledger-transparency.md)",
        response: { 200: adminApi.ledgerAlarms.response, 401: ZApiError, 403: ZApiError },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { alarms: await openLogAlarms(app.db) };
    },
  );
};
