import { z } from 'zod';

/** GET /api/admin/purchases query: how many of the newest records to list. */
export const ZPurchaseListQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').default(500),
});
