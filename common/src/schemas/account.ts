import { z } from 'zod';
import { PAYMENT_KINDS } from '../domain/payments';
import { zEmailAddress } from './mail';

/** The statuses a payer sees: a payment made (failed and expired checkouts are not listed). */
const ACCOUNT_PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'partially_refunded', 'disputed'] as const;

/** One payment as its payer sees it, on /account and on the mailed receipts page. */
const ZAccountPayment = z.object({
  kind: z.enum(PAYMENT_KINDS),
  id: z.uuid(),
  amount_cents: z.number().int(),
  /** Cents given back so far (refunds, a lost dispute). */
  refunded_cents: z.number().int(),
  status: z.enum(ACCOUNT_PAYMENT_STATUSES),
  receipt_code: z.string(),
  /** When it was paid, else when it was started (ISO 8601). */
  date: z.string(),
  /** ADX tokens it bought and the rate (tokens per dollar), for token purchases; null otherwise. */
  tokens: z.string().nullable(),
  tokens_per_dollar: z.string().nullable(),
  investor_id: z.string().nullable(),
});
export type TAccountPayment = z.infer<typeof ZAccountPayment>;

/** One page of payments, newest first; `next` is the cursor of the following page (null: the last). */
export const ZAccountPaymentPage = z.object({ payments: z.array(ZAccountPayment), next: z.string().nullable() });
export type TAccountPaymentPage = z.infer<typeof ZAccountPaymentPage>;

/** A keyset cursor: the last row's date and id, opaque to the client. */
const zCursor = z.string().max(120).regex(/^[A-Za-z0-9_-]+$/, 'is not a page cursor').optional();

/** GET /api/account/payments query. */
export const ZAccountPaymentsQuery = z.object({ cursor: zCursor, limit: z.coerce.number().int().min(1).max(100).default(25) }).strict();

/** The member's ADX holdings: the sum of their ledger rows (reversals included), per investor ID. */
const ZAccountHoldings = z.object({
  total_tokens: z.string(),
  investors: z.array(z.object({ investor_id: z.string(), tokens: z.string(), rows: z.number().int() })),
});
export type TAccountHoldings = z.infer<typeof ZAccountHoldings>;

/** GET /api/account: who the page is for, the holdings, the first page of payments and the years with statements. */
export const ZAccountOverview = z.object({
  email: z.string().nullable(),
  holdings: ZAccountHoldings,
  page: ZAccountPaymentPage,
  statement_years: z.array(z.number().int()),
  /** Payments made signed out with this account's address, not yet claimed (they show once claimed). */
  claimable: z.number().int(),
});
export type TAccountOverview = z.infer<typeof ZAccountOverview>;

/** A payment in a route path. */
export const ZPaymentParams = z.object({ kind: z.enum(PAYMENT_KINDS), id: z.uuid() });
/** A statement year in a route path. */
export const ZStatementParams = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** A signed link's token (domain/signed-link.ts), as a query parameter or body. */
const zToken = z.string({ error: 'This link is not valid' }).max(800, 'This link is not valid').regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This link is not valid');
export const ZLinkToken = z.object({ token: zToken }).strict();

/** GET /api/receipts?token=…&cursor=…: the mailed receipts page. */
export const ZReceiptsQuery = z.object({ token: zToken, cursor: zCursor }).strict();
export const ZReceiptsFileQuery = z.object({ token: zToken }).strict();

/** The mailed receipts page: the address it is for, until when the link opens it, and a page of payments. */
export const ZReceiptsPage = z.object({ email: z.string(), expires_at: z.string(), page: ZAccountPaymentPage, statement_years: z.array(z.number().int()) });
export type TReceiptsPage = z.infer<typeof ZReceiptsPage>;

/** POST /api/receipts/link: mail a new receipts link to this address (answered the same whether or not it paid). */
export const ZReceiptsLinkRequest = z.object({ email: zEmailAddress() }).strict();
export type TReceiptsLinkRequest = z.infer<typeof ZReceiptsLinkRequest>;

/** The answer of the mail-me requests: it never says whether the address is known. */
export const ZMailedAnswer = z.object({ message: z.string() });

/** POST /api/account/claim/confirm answer: how many payments joined the account. */
export const ZClaimed = z.object({ claimed: z.number().int() });
