import { z } from 'zod';

const REQUIRED = 'Please fill in all required fields';
const decimal = (scale: number, label: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{1,14}(\\.\\d{1,${scale}})?$`), `${label} must be a positive number with at most ${scale} decimals`)
        // A digit 1-9 somewhere: greater than zero (a pattern, so the API's document states it).
        .regex(/[1-9]/, `${label} must be greater than zero`),
    );

/** POST /api/admin/purchases: the admin add form. The investor ID is upper-cased, amounts stay exact decimals. */
export const ZAddPurchase = z.object({
  investor_id: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .pipe(
      z
        .string()
        .max(32, 'Investor ID must be at most 32 characters')
        .regex(/^[A-Za-z0-9-]+$/, 'Investor ID may contain only letters, digits and dashes')
        .transform((v) => v.toUpperCase()),
    ),
  purchase_date: z.iso.date({ error: REQUIRED }),
  investment_amount_usd: decimal(2, 'Investment amount'),
  tokens_to_be_distributed: decimal(8, 'Tokens'),
});
export type TAddPurchase = z.input<typeof ZAddPurchase>;

/** One purchase record as the admin table shows it (with when it was added). */
export const ZAdminPurchase = z.object({
  id: z.string(),
  investor_id: z.string(),
  purchase_date: z.string(),
  investment_amount_usd: z.string(),
  tokens_to_be_distributed: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type TAdminPurchase = z.infer<typeof ZAdminPurchase>;

/** GET /api/admin/purchases query: one page of the records (the spec: admins view all of them). */
export const ZAdminPurchaseQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(1_000_000, 'page is too large').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1, 'pageSize must be at least 1').max(200, 'pageSize must be at most 200').default(50),
});
export type TAdminPurchaseQuery = z.infer<typeof ZAdminPurchaseQuery>;

/** GET /api/admin/purchases answer: one page and the count of every record. */
export const ZAdminPurchaseList = z.object({ rows: z.array(ZAdminPurchase), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAdminPurchaseList = z.infer<typeof ZAdminPurchaseList>;
