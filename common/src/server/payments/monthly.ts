import type { Knex } from 'knex';
import { tokensForCents } from '../../domain/payments';
import type { TMailRequest } from '../../schemas/mail';
import { PaymentMismatchError, type ApplyResult } from './checkout';
import { recordPaid } from './payments.repository';

// Monthly giving's provider events: the subscription checkout, each invoice paid or failed, the subscription's end.
// They arrive through the same inbox and ledger.record job as every payment event, in any order and any number of
// times; a paid invoice is one donation row (donations.invoice_id UNIQUE), recorded by recordPaid like any donation.

/** The metadata kind our subscription checkouts and subscriptions carry (row_id: the donation_subscriptions row). */
export const MONTHLY_KIND = 'monthly';

/** The provider event types monthly giving applies (checkout.session.* of a subscription checkout too). */
export const MONTHLY_EVENT_TYPES = ['invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Id = string | { id: string } | null | undefined;
const idOf = (v: Id): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** The parts of a subscription-mode Checkout Session, an Invoice and a Subscription this system reads. */
export interface MonthlyObject {
  id: string;
  object?: string;
  mode?: string;
  status?: string | null;
  payment_status?: string;
  metadata?: Record<string, string> | null;
  subscription?: Id;
  customer?: Id;
  customer_email?: string | null;
  customer_details?: { email?: string | null } | null;
  amount_paid?: number;
  billing_reason?: string | null;
  /** Invoices name their subscription here since Stripe's 2025-03-31 API (before: `subscription`, `subscription_details`). */
  parent?: { subscription_details?: { subscription?: Id; metadata?: Record<string, string> | null } | null } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
}

/** Whether a checkout.session.* object is a monthly gift's subscription checkout. */
export const isMonthlySession = (o: { metadata?: Record<string, string> | null; mode?: string }): boolean => o.metadata?.kind === MONTHLY_KIND;

/** Our donation_subscriptions row id an event object names (its own or its subscription's metadata). */
function rowIdOf(o: MonthlyObject): string | null {
  const meta = o.parent?.subscription_details?.metadata ?? o.subscription_details?.metadata ?? o.metadata;
  return meta?.kind === MONTHLY_KIND && meta.row_id ? meta.row_id : null;
}
const subscriptionIdOf = (o: MonthlyObject): string | null => (o.object === 'subscription' ? o.id : (idOf(o.parent?.subscription_details?.subscription) ?? idOf(o.subscription)));

export interface SubscriptionRow {
  id: string;
  user_id: string | null;
  payer_email: string | null;
  amount_cents: string;
  donor_name: string | null;
  message: string | null;
  wants_adx_tokens: boolean;
  tokens_per_dollar: string | null;
  status: 'pending' | 'active' | 'past_due' | 'canceled' | 'expired';
  checkout_session_id: string | null;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  created_at: Date;
}

/**
 * The notice an event asks for (after its commit): a failed renewal's, keyed by invoice, and the end's, keyed by gift,
 * so redeliveries ask again and the mail queue drops the repeats. Whether it still holds (a retry since paid the
 * invoice) is checked when the mail is built.
 */
function monthlyNotice(type: string, o: MonthlyObject | undefined): TMailRequest | null {
  const rowId = o ? rowIdOf(o) : null;
  if (!o || !rowId || !UUID.test(rowId)) return null;
  if (type === 'invoice.payment_failed' && o.billing_reason !== 'subscription_create') return { kind: 'monthly-failed', subscriptionId: rowId, invoiceId: o.id };
  if (type === 'customer.subscription.deleted') return { kind: 'monthly-canceled', subscriptionId: rowId };
  return null;
}

/** Locks the subscription row an event names and joins the provider's ids to it (kept once known). */
async function lockSubscription(trx: Knex.Transaction, o: MonthlyObject): Promise<SubscriptionRow> {
  const rowId = rowIdOf(o);
  if (!rowId || !UUID.test(rowId)) throw new PaymentMismatchError(`${o.object ?? 'object'} ${o.id} names no monthly gift of ours`);
  const row = (await trx('donation_subscriptions').where({ id: rowId }).forUpdate().first()) as SubscriptionRow | undefined;
  if (!row) throw new PaymentMismatchError(`no monthly gift ${rowId} for ${o.id}`);
  const sub = subscriptionIdOf(o);
  if (sub && row.provider_subscription_id && row.provider_subscription_id !== sub) throw new PaymentMismatchError(`monthly gift ${rowId} belongs to subscription ${row.provider_subscription_id}, not ${sub}`);
  const email = o.customer_details?.email ?? o.customer_email ?? null;
  const patch: Partial<SubscriptionRow> = {};
  if (sub && !row.provider_subscription_id) patch.provider_subscription_id = sub;
  const customer = idOf(o.customer);
  if (customer && !row.provider_customer_id) patch.provider_customer_id = customer;
  if (email && !row.payer_email) patch.payer_email = email.trim().toLowerCase();
  if (Object.keys(patch).length) await trx('donation_subscriptions').where({ id: rowId }).update({ ...patch, updated_at: trx.fn.now() });
  return { ...row, ...patch };
}

/** Moves the gift's status, never out of canceled (the end is final; a late event about an earlier month cannot undo it). */
async function setStatus(trx: Knex.Transaction, row: SubscriptionRow, to: SubscriptionRow['status'], from: Array<SubscriptionRow['status']>): Promise<void> {
  if (!from.includes(row.status)) return;
  await trx('donation_subscriptions')
    .where({ id: row.id })
    .update({ status: to, updated_at: trx.fn.now(), ...(to === 'canceled' ? { canceled_at: trx.fn.now() } : {}) });
}

/** One paid invoice: its donation row (once per invoice id), paid through recordPaid, with tokens at the gift's rate when asked for. */
async function applyInvoicePaid(trx: Knex.Transaction, o: MonthlyObject): Promise<ApplyResult | null> {
  const row = await lockSubscription(trx, o);
  const cents = Number(row.amount_cents);
  if (o.amount_paid !== undefined && o.amount_paid !== cents) throw new PaymentMismatchError(`invoice ${o.id} paid ${o.amount_paid} cents, but monthly gift ${row.id} is ${cents}`);
  await setStatus(trx, row, 'active', ['pending', 'past_due', 'expired']);
  const tokens = row.wants_adx_tokens && row.tokens_per_dollar ? tokensForCents(row.tokens_per_dollar, cents) : null;
  const inserted = (await trx('donations')
    .insert({
      amount_cents: cents,
      donor_name: row.donor_name,
      message: row.message,
      wants_adx_tokens: Boolean(tokens),
      user_id: row.user_id,
      payer_email: row.payer_email,
      tokens_per_dollar: tokens ? row.tokens_per_dollar : null,
      adx_tokens: tokens,
      subscription_id: row.id,
      invoice_id: o.id,
      billing_reason: o.billing_reason ?? null,
    })
    .onConflict('invoice_id')
    .ignore()
    .returning('id')) as Array<{ id: string }>;
  // This month is recorded already (a redelivery, or the success page's verify): the same result, nothing new, so
  // the worker still asks for its receipt (keyed by the donation: one mail).
  if (!inserted.length) return recordedMonth(trx, o.id, row);
  const rowId = inserted[0]!.id;
  const recorded = await recordPaid(trx, [{ kind: 'donation', rowId, sessionId: o.id, amountCents: cents, tokens, userId: row.user_id, investorId: null, rate: tokens ? row.tokens_per_dollar : null }]);
  const { investorId, ledgerRow } = recorded.get(o.id)!;
  const payment: ApplyResult = {
    kind: 'donation',
    rowId,
    userId: row.user_id,
    previous: 'pending',
    status: 'paid',
    amountCents: cents,
    investorId,
    tokens,
    rate: tokens ? row.tokens_per_dollar : null,
    ledgerRow,
    mailable: Boolean(row.user_id || row.payer_email),
  };
  return payment;
}

/** The donation of an invoice already recorded, as an ApplyResult that changed nothing. */
async function recordedMonth(trx: Knex.Transaction, invoiceId: string, row: SubscriptionRow): Promise<ApplyResult> {
  const d = (await trx('donations').where({ invoice_id: invoiceId }).first('id', 'status', 'amount_cents', 'investor_id', 'adx_tokens', 'tokens_per_dollar')) as {
    id: string;
    status: ApplyResult['status'];
    amount_cents: string;
    investor_id: string | null;
    adx_tokens: string | null;
    tokens_per_dollar: string | null;
  };
  return {
    kind: 'donation',
    rowId: d.id,
    userId: row.user_id,
    previous: d.status,
    status: d.status,
    amountCents: Number(d.amount_cents),
    investorId: d.investor_id,
    tokens: d.adx_tokens,
    rate: d.tokens_per_dollar,
    ledgerRow: null,
    mailable: Boolean(row.user_id || row.payer_email),
  };
}

/**
 * Applies one monthly-giving event inside `trx` (the caller marks it processed and appends the transparency log):
 * a completed subscription checkout activates the gift; each paid invoice is a donation (its result: announced and
 * receipted like any donation); a failed renewal marks the gift past due; the subscription's end cancels it. Their
 * notices are monthlyNotice's.
 */
export async function applyMonthlyEvent(trx: Knex.Transaction, type: string, o: MonthlyObject): Promise<ApplyResult | null> {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const row = await lockSubscription(trx, o);
      if (o.status === 'complete' || type.endsWith('succeeded')) await setStatus(trx, row, 'active', ['pending', 'expired']);
      return null;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const row = await lockSubscription(trx, o);
      await setStatus(trx, row, 'expired', ['pending']);
      return null;
    }
    case 'invoice.paid':
      return applyInvoicePaid(trx, o);
    case 'invoice.payment_failed': {
      const row = await lockSubscription(trx, o);
      // A failed first payment never starts the gift: only a renewal that fails is a notice.
      if (o.billing_reason === 'subscription_create') return null;
      const paid = await trx('donations').where({ invoice_id: o.id }).first('id');
      if (paid) return null; // the provider's retry already succeeded (events out of order)
      await setStatus(trx, row, 'past_due', ['active']);
      return null;
    }
    case 'customer.subscription.deleted': {
      const row = await lockSubscription(trx, o);
      await setStatus(trx, row, 'canceled', ['pending', 'active', 'past_due', 'expired']);
      return null;
    }
    default:
      return null;
  }
}

/** Writes a pending monthly gift (before its checkout exists) and returns its id. */
export async function insertSubscription(
  db: Knex,
  s: { amountCents: number; donorName: string | null; message: string | null; userId: string | null; email: string | null; rate: string | null },
): Promise<string> {
  const [row] = (await db('donation_subscriptions')
    .insert({ amount_cents: s.amountCents, donor_name: s.donorName, message: s.message, user_id: s.userId, payer_email: s.email, wants_adx_tokens: Boolean(s.rate), tokens_per_dollar: s.rate })
    .returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** One gift by id. */
export async function findSubscription(db: Knex, id: string): Promise<SubscriptionRow | undefined> {
  return (await db('donation_subscriptions').where({ id }).first()) as SubscriptionRow | undefined;
}

/** The notice a stored inbox event asks for (the worker asks after the event's commit; null for every other event). */
export async function noticeOfStoredEvent(db: Knex, eventId: string): Promise<TMailRequest | null> {
  const row = (await db('stripe_events').where({ id: eventId }).first('type', 'payload')) as { type: string; payload: { data?: { object?: MonthlyObject } } } | undefined;
  if (!row || !MONTHLY_EVENT_TYPES.includes(row.type)) return null;
  return monthlyNotice(row.type, row.payload.data?.object);
}
