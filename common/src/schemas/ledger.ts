import { z } from 'zod';

/** Investor IDs are upper-case codes such as ADX0001; the search accepts any part of one. */
export const INVESTOR_ID_SEARCH_MAX = 32;

/** GET /api/ledger query: server-side search by investor ID and pagination. */
export const ZLedgerQuery = z.object({
  search: z
    .string()
    .trim()
    .max(INVESTOR_ID_SEARCH_MAX, `search must be at most ${INVESTOR_ID_SEARCH_MAX} characters`)
    .regex(/^[A-Za-z0-9-]*$/, 'search may contain only letters, digits and dashes')
    .default(''),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(100, 'pageSize must be at most 100')
    .default(50),
});
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

/**
 * One public ledger row, exactly the fields the public summary exposes. Money and token amounts are
 * decimal strings ("1000.00", "10000.00000000") so no precision is lost to floating point.
 */
export const ZLedgerRow = z.object({
  investor_id: z.string(),
  purchase_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  investment_amount_usd: z.string(),
  tokens_to_be_distributed: z.string(),
  created_at: z.string(),
  /** 'reversed': a purchase later refunded or charged back (in part or whole); 'reversal': the negative row that takes it back. */
  marker: z.enum(['reversed', 'reversal']).optional(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

/** GET /api/ledger answer: one page of rows, newest purchase first, and how many rows match in all. */
export const ZLedgerPage = z.object({
  rows: z.array(ZLedgerRow),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  search: z.string(),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

/** GET /api/ledger/summary answer: Total Investors is the number of ledger records, as the spec defines it. */
export const ZLedgerSummary = z.object({
  totalInvestors: z.number().int().nonnegative(),
  totalInvestmentUsd: z.string(),
  totalTokens: z.string(),
});
export type TLedgerSummary = z.infer<typeof ZLedgerSummary>;
