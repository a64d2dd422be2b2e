import { ZApiError } from '@app/common/schemas/errors';
import { ZLedgerPage, ZLedgerQuery, ZLedgerSummary } from '@app/common/schemas/ledger';

/** GET /api/ledger */
export const listLedgerSchema = {
  tags: ['ledger'],
  summary: 'Public token ledger: one page of purchases, newest first, searchable by investor ID',
  querystring: ZLedgerQuery,
  response: { 200: ZLedgerPage, 400: ZApiError },
};

/** GET /api/ledger/summary */
export const ledgerSummarySchema = {
  tags: ['ledger'],
  summary: 'Public token ledger totals: number of records, total USD, total ADX',
  response: { 200: ZLedgerSummary },
};

/** GET /api/ledger/stream (no response schema: the body is an event stream, not JSON). */
export const ledgerStreamSchema = {
  tags: ['ledger'],
  summary: 'Public token ledger live updates (server-sent events): `changed` after each change to the ledger, then refetch the summary and page; a comment every 25 s',
  produces: ['text/event-stream'],
};
