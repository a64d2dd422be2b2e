import type { Knex } from 'knex';
import type { TAdminPurchase, TAdminPurchaseList, TAdminPurchaseQuery } from '../schemas/admin';
import { audit, type AuditContext } from './audit.repository';
import { toCount } from './db';
import { appendToLog } from './ledger/tlog.repository';

const COLUMNS = ['id', 'investor_id', 'purchase_date', 'investment_amount_usd', 'tokens_to_be_distributed', 'source', 'created_at'];
type Row = Omit<TAdminPurchase, 'created_at' | 'id'> & { id: string | number; created_at: Date };
const toApi = (r: Row): TAdminPurchase => ({ ...r, id: String(r.id), created_at: r.created_at.toISOString() });

/** One page of every purchase record, newest purchase date first, with the count of all of them. */
export async function listAdminPurchases(db: Knex, q: TAdminPurchaseQuery): Promise<TAdminPurchaseList> {
  const [rows, totals] = await Promise.all([
    db('token_purchases')
      .select(COLUMNS)
      .orderBy([{ column: 'purchase_date', order: 'desc' }, { column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize) as Promise<Row[]>,
    // The trigger-kept ledger count: the same every page, at any size.
    db('ledger_totals').first('records') as Promise<{ records: string }>,
  ]);
  return { rows: rows.map(toApi), total: toCount(totals.records), page: q.page, pageSize: q.pageSize };
}

/** Adds a purchase record by hand (source admin), audits it and appends it to the transparency log in the same transaction. */
export async function addAdminPurchase(db: Knex, input: { investor_id: string; purchase_date: string; investment_amount_usd: string; tokens_to_be_distributed: string }, ctx: AuditContext & { userId: string }): Promise<TAdminPurchase> {
  return db.transaction(async (trx) => {
    const [inserted] = (await trx('token_purchases').insert({ ...input, source: 'admin', created_by: ctx.userId }).returning(COLUMNS)) as Row[];
    await audit(trx, 'admin_add_purchase', ctx, { investor_id: input.investor_id, purchase_date: input.purchase_date });
    await appendToLog(trx);
    return toApi(inserted!);
  });
}
