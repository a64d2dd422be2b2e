// Monthly giving's test helpers: what one gift left behind (donation rows, ledger rows, mails), counted the same way
// by the TEST MODE, fake Stripe and property tests.
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { Client } from './session';

/** Starts a monthly gift as `client`; returns the checkout session id (the last path segment of its url) and url. */
export async function startMonthly(client: Client, amount: number, wantsAdxTokens = true): Promise<{ sessionId: string; url: string }> {
  const res = await client.request('POST', '/api/payments/donations', { amount, wantsAdxTokens, monthly: true });
  expect(res.statusCode, res.body).toBe(200);
  const url = (res.json() as { url: string }).url;
  return { sessionId: url.split('/').pop()!, url };
}

export interface GiftTotals {
  status: string;
  /** Every paid month, the first payment included. */
  donations: number;
  /** Paid months after the first (billing_reason subscription_cycle). */
  renewals: number;
  ledgerRows: number;
  /** Ledger rows that are leaves of the transparency log. */
  loggedRows: number;
  receipts: number;
  receiptsWithManageLink: number;
  failures: number;
  cancellations: number;
}

/** What the gift whose checkout was `sessionId` left behind, now. */
export async function giftTotals(db: Knex, sessionId: string): Promise<GiftTotals> {
  const gift = (await db('donation_subscriptions').where({ checkout_session_id: sessionId }).first('id', 'status')) as { id: string; status: string };
  const donations = (await db('donations').where({ subscription_id: gift.id }).select('id', 'status', 'billing_reason', 'invoice_id', 'receipt_code')) as Array<{ id: string; status: string; billing_reason: string; invoice_id: string }>;
  const invoices = donations.map((d) => d.invoice_id);
  const ledger = (await db('token_purchases').whereIn('payment_reference', invoices).select('id')) as Array<{ id: string }>;
  const logged = (await db('ledger_log').whereIn('purchase_id', ledger.map((r) => r.id)).count({ n: '*' }).first()) as { n: string };
  const mails = (await db('mail_outbox').select('kind', 'message_key', 'text_body')) as Array<{ kind: string; message_key: string; text_body: string }>;
  const receipts = mails.filter((m) => m.kind === 'payment-confirmed' && donations.some((d) => m.message_key === `payment-confirmed-${d.id}`));
  expect(donations.every((d) => d.status === 'paid')).toBe(true);
  return {
    status: gift.status,
    donations: donations.length,
    renewals: donations.filter((d) => d.billing_reason === 'subscription_cycle').length,
    ledgerRows: ledger.length,
    loggedRows: Number(logged.n),
    receipts: receipts.length,
    receiptsWithManageLink: receipts.filter((m) => m.text_body.includes('Manage or cancel') && m.text_body.includes('/api/payments/monthly/manage?token=')).length,
    failures: mails.filter((m) => m.message_key.startsWith(`monthly-failed-${gift.id}-`)).length,
    cancellations: mails.filter((m) => m.message_key === `monthly-canceled-${gift.id}`).length,
  };
}

/** The full cycle's expected totals: create (first payment), three renewals, one declined renewal, cancel. */
export const FULL_CYCLE: GiftTotals = { status: 'canceled', donations: 4, renewals: 3, ledgerRows: 4, loggedRows: 4, receipts: 4, receiptsWithManageLink: 4, failures: 1, cancellations: 1 };
