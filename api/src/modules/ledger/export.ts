import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { ZLedgerExportQuery } from '@app/common/schemas/ledger';
import { ledgerCsv } from '@app/common/server/csv-export';

/** GET /api/ledger/export.csv: the public ledger as CSV, all rows or those of the current search, streamed. */
export const ledgerExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LEDGER_PATHS.exportCsv,
    {
      config: { access: 'public', limit: 'api_call' },
      schema: {
        tags: ['ledger'],
        summary: 'The public ledger as CSV (streamed): every row, or those whose investor ID starts with `search`, newest first; refunded purchases and reversal rows say so',
        // The body is a CSV stream, not JSON (errors keep the usual JSON shape).
        produces: ['text/csv'],
        querystring: ZLedgerExportQuery,
      },
    },
    async (req, reply) => {
      const name = req.query.search ? `token-ledger-${req.query.search.toUpperCase()}.csv` : 'token-ledger.csv';
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8')
        .send(ledgerCsv(app.db, req.query.search));
    },
  );
};
