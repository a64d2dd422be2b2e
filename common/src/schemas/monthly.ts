import { z } from 'zod';

/** A member's monthly gift as /api/payments/monthly lists it. */
const ZMonthlyGift = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  status: z.enum(['active', 'past_due']),
  started_at: z.string(),
  /** Months paid so far (the first payment included). */
  months_paid: z.number().int(),
});

export const ZMonthlyGiftList = z.object({ rows: z.array(ZMonthlyGift) });

/** POST /api/payments/monthly/:id/portal */
export const ZMonthlyGiftParams = z.object({ id: z.uuid('No such monthly gift') }).strict();

/** Where the provider's Customer Portal for one gift opens (a session made for this request). */
export const ZPortalUrl = z.object({ url: z.string() });

/** GET /api/payments/monthly/manage: the signed token a monthly receipt's "Manage or cancel" link carries. */
export const ZManageLinkQuery = z.object({ token: z.string().max(200).regex(/^[0-9a-f-]{36}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'This link is not valid') }).strict();
