// zod/mini (see errors.ts): the public ledger page loads these without the rest of zod.
import * as z from 'zod/mini';
import { LEDGER_CURSOR, parseLedgerCursor } from '../domain/ledger-cursor';
import { INVESTOR_ID_SEARCH_MAX, LEDGER_SEARCH_PATTERN } from '../domain/ledger-search';

const CURSOR_MESSAGE = 'cursor must be a position the API handed out';
/** A cursor: its shape (stated in the document as a pattern), then real calendar values in every part. */
const ZLedgerCursor = z.string().check(z.regex(LEDGER_CURSOR, { message: CURSOR_MESSAGE, abort: true }), z.refine((c) => parseLedgerCursor(c) !== null, CURSOR_MESSAGE));

/**
 * GET /api/ledger query: server-side search by investor ID and pagination. `after` (the previous page's
 * `nextCursor`) or `before` (the next page's `prevCursor`) select the page; `page` is only its number, echoed
 * for display. Without either, the answer is the first page.
 */
export const ZLedgerQuery = z.object({
  search: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(INVESTOR_ID_SEARCH_MAX, `search must be at most ${INVESTOR_ID_SEARCH_MAX} characters`),
        z.regex(LEDGER_SEARCH_PATTERN, 'search may contain only letters, digits and dashes'),
      ),
    '',
  ),
  page: z._default(
    z.coerce
      .number({ error: 'page must be a number' })
      .check(z.int('page must be a whole number'), z.minimum(1, 'page must be at least 1'), z.maximum(1_000_000, 'page must be at most 1000000')),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: 'pageSize must be a number' })
      .check(z.int('pageSize must be a whole number'), z.minimum(1, 'pageSize must be at least 1'), z.maximum(100, 'pageSize must be at most 100')),
    50,
  ),
  after: z.optional(ZLedgerCursor),
  before: z.optional(ZLedgerCursor),
});

/** GET /api/ledger/export.csv query: the same investor-ID search as the page (no paging: every matching row). */
export const ZLedgerExportQuery = z.pick(ZLedgerQuery, { search: true });
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

/**
 * One public ledger row, exactly the fields the public summary exposes. Money and token amounts are
 * decimal strings ("1000.00", "10000.00000000") so no precision is lost to floating point.
 */
const ZLedgerRow = z.object({
  investor_id: z.string(),
  purchase_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  investment_amount_usd: z.string(),
  tokens_to_be_distributed: z.string(),
  created_at: z.string(),
  /** 'reversed': a purchase later refunded or charged back (in part or whole); 'reversal': the negative row that takes it back. */
  marker: z.optional(z.enum(['reversed', 'reversal'])),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

/** GET /api/ledger answer: one page of rows, newest purchase first, and how many rows match in all. */
export const ZLedgerPage = z.object({
  rows: z.array(ZLedgerRow),
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.minimum(1)),
  pageSize: z.number().check(z.int(), z.minimum(1)),
  search: z.string(),
  /** `after` for the next page; null on the last page. */
  nextCursor: z.nullable(z.string()),
  /** `before` for the previous page; null on the first page. */
  prevCursor: z.nullable(z.string()),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

/** GET /api/ledger/summary answer: Total Investors is the number of ledger records, as the spec defines it. */
export const ZLedgerSummary = z.object({
  totalInvestors: z.number().check(z.int(), z.nonnegative()),
  totalInvestmentUsd: z.string(),
  totalTokens: z.string(),
});
export type TLedgerSummary = z.infer<typeof ZLedgerSummary>;
