import type { Knex } from 'knex';
import type { z } from 'zod';
import type { TAdminPurchase, ZAddPurchase } from '../schemas/admin';
import { audit, type AuditContext } from './audit.repository';
import { toCount } from './db';

const COLUMNS = ['id', 'investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', 'created_at'];
type PurchaseRow = Omit<TAdminPurchase, 'id' | 'created_at'> & { id: string | number; created_at: Date };
const toApi = (r: PurchaseRow): TAdminPurchase => ({ ...r, id: String(r.id), created_at: r.created_at.toISOString() });

/** The token admin's table: the newest `limit` purchase records, and how many the ledger holds. */
export async function listPurchases(db: Knex, limit: number): Promise<{ rows: TAdminPurchase[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db('token_purchases')
      .select(COLUMNS)
      .orderBy([{ column: 'purchase_date', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit) as Promise<PurchaseRow[]>,
    db('ledger_totals').first('records') as Promise<{ records: string }>,
  ]);
  return { rows: rows.map(toApi), total: toCount(totals.records) };
}

/** Adds an admin's purchase record to the ledger, audited in the same transaction (both or neither). */
export async function addAdminPurchase(db: Knex, purchase: z.output<typeof ZAddPurchase>, ctx: AuditContext & { userId: string }): Promise<TAdminPurchase> {
  const row = await db.transaction(async (trx) => {
    const [inserted] = (await trx('token_purchases')
      .insert({ ...purchase, source: 'admin', created_by: ctx.userId })
      .returning(COLUMNS)) as PurchaseRow[];
    await audit(trx, 'admin_add_purchase', ctx, { investor_id: purchase.investor_id, purchase_date: purchase.purchase_date });
    return inserted!;
  });
  return toApi(row);
}
