import type { Knex } from 'knex';
import type { DisputeStatus, PaymentKind, PaymentStatus } from '../../domain/payments';
import type { TAdminPayment, TAdminPaymentPage, TAdminPaymentQuery } from '../../schemas/admin-payments';
import { csvText } from '../csv-export';
import { toCount } from '../db';

/** Every kind of payment in one shape (program_payments holds both program and sponsorship). */
const ALL_PAYMENTS = `
  SELECT 'donation' AS kind, id, amount_cents, status, investor_id, donor_name AS payer, created_at, paid_at FROM donations
  UNION ALL SELECT kind, id, amount_cents, status, NULL, payer_email, created_at, paid_at FROM program_payments
  UNION ALL SELECT 'investment', i.id, i.amount_cents, i.payment_status, i.investor_id, u.discord_username, i.created_at, i.paid_at
    FROM investments i JOIN users u ON u.id = i.user_id`;

interface AdminPaymentRow {
  kind: PaymentKind;
  id: string;
  amount_cents: string;
  refunded_cents: string | null;
  status: PaymentStatus;
  dispute_status: DisputeStatus;
  investor_id: string | null;
  payer: string | null;
  created_at: Date;
  paid_at: Date | null;
}

const toApi = (r: AdminPaymentRow): TAdminPayment => ({
  kind: r.kind,
  id: r.id,
  amount_cents: Number(r.amount_cents),
  refunded_cents: Number(r.refunded_cents ?? 0),
  status: r.status,
  dispute_status: r.dispute_status ?? null,
  investor_id: r.investor_id,
  payer: r.payer,
  created_at: r.created_at.toISOString(),
  paid_at: r.paid_at?.toISOString() ?? null,
});

/** Every payment matching the filters, with its refund and dispute facts, newest first (a query to page or stream). */
function adminPaymentsQuery(db: Knex, q: Omit<TAdminPaymentQuery, 'page' | 'pageSize'>): Knex.QueryBuilder {
  return db
    .from(db.raw(`(${ALL_PAYMENTS}) AS p`))
    .leftJoin('payment_charges as c', function () {
      this.on('c.kind', '=', 'p.kind').andOn('c.row_id', '=', 'p.id');
    })
    .modify((qb) => {
      if (q.kind) qb.where('p.kind', q.kind);
      if (q.status) qb.where('p.status', q.status);
      if (q.from) qb.where('p.created_at', '>=', db.raw(`?::date AT TIME ZONE 'UTC'`, [q.from]));
      if (q.to) qb.where('p.created_at', '<', db.raw(`(?::date + 1) AT TIME ZONE 'UTC'`, [q.to]));
    });
}

const COLUMNS = ['p.kind', 'p.id', 'p.amount_cents', 'c.refunded_cents', 'p.status', 'c.dispute_status', 'p.investor_id', 'p.payer', 'p.created_at', 'p.paid_at'];
const ORDER = [{ column: 'p.created_at', order: 'desc' as const }, { column: 'p.id', order: 'desc' as const }];

/** One page of the admin payments list and how many match. */
export async function listAdminPayments(db: Knex, q: TAdminPaymentQuery): Promise<TAdminPaymentPage> {
  const [rows, count] = await Promise.all([
    adminPaymentsQuery(db, q).select(COLUMNS).orderBy(ORDER).limit(q.pageSize).offset((q.page - 1) * q.pageSize) as Promise<AdminPaymentRow[]>,
    adminPaymentsQuery(db, q).count({ n: '*' }).first() as Promise<{ n: string }>,
  ]);
  return { rows: rows.map(toApi), total: toCount(count.n), page: q.page, pageSize: q.pageSize };
}

const utc = (column: string, alias: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${alias}"`;

/** The same rows, ordered, as CSV columns (the aliases are the header), for a streamed export. */
export function adminPaymentsExport(db: Knex, q: Omit<TAdminPaymentQuery, 'page' | 'pageSize'>): Knex.QueryBuilder {
  return adminPaymentsQuery(db, q)
    .select({ Kind: 'p.kind', 'Payment ID': 'p.id' })
    .select(db.raw(utc('p.created_at', 'Created')), db.raw(utc('p.paid_at', 'Paid')))
    .select({ Status: 'p.status' })
    .select(db.raw(`(p.amount_cents / 100.0)::numeric(16,2) AS "Amount (USD)"`), db.raw(`(coalesce(c.refunded_cents, 0) / 100.0)::numeric(16,2) AS "Refunded (USD)"`))
    .select({ Dispute: 'c.dispute_status' })
    .select(csvText(db, 'p.investor_id', 'Investor ID'), csvText(db, 'p.payer', 'Payer'))
    .orderBy(ORDER);
}

/** What a refund needs to know of one payment (undefined when there is no such payment). */
export async function findRefundable(db: Knex, kind: PaymentKind, id: string): Promise<(TAdminPayment & { payment_intent: string | null }) | undefined> {
  const row = (await adminPaymentsQuery(db, { kind }).where('p.id', id).first([...COLUMNS, 'c.payment_intent'])) as (AdminPaymentRow & { payment_intent: string | null }) | undefined;
  return row ? { ...toApi(row), payment_intent: row.payment_intent } : undefined;
}
