import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsToDollars, investmentTokens, PROGRAM_PRICE_CENTS } from '@app/common/domain/money';
import { audit } from '@app/common/server/audit.repository';
import { findInvestment, receiptCodeOf, insertDonation, insertInvestment, insertProgramPayment, type InvestmentRow } from '@app/common/server/payments/payments.repository';
import { logIndexOfPayment } from '@app/common/server/tlog.repository';
import { httpError } from '../../http-error';
import { requireProvider, startCheckout, verifyCheckout, type CheckoutDeps } from './payments.service';
import { createDonationSchema, createInvestmentSchema, createProgramPaymentSchema, verifyInvestmentSchema, verifyPaymentSchema } from './schema';

const PROGRAM_TEXT = {
  program: { name: 'I Am The Business — 12-week incubator', description: 'Enrollment in the 12-week business incubator program (Cohort 1 of 10).' },
  sponsorship: { name: 'Sponsor a Student — I Am The Business', description: 'Sponsorship of an 11th or 12th grade student in the 12-week incubator program.' },
} as const;

/** An investment row as its owner sees it (the investment success page, and /api/me/investments). */
export const toInvestment = (r: InvestmentRow) => ({
  investment_id: r.id,
  amount_cents: Number(r.amount_cents),
  adx_tokens: r.adx_tokens,
  payment_status: r.payment_status,
  investor_id: r.investor_id,
  created_at: r.created_at.toISOString(),
  receipt_code: r.receipt_code,
});

/** Donations, program payments and sponsorships, investments, and the success pages' verify calls. */
export const paymentRoutes: FastifyPluginAsyncZod<{ publicUrl: string; productName: string }> = async (app, opts) => {
  const url = (path: string) => `${opts.publicUrl}${path}`;
  const checkout: CheckoutDeps = { db: app.db, provider: app.payments, emitter: app.emitter, log: app.log };

  app.post(
    '/api/payments/donations',
    {
      config: { access: 'public', limit: 'donation' },
      schema: createDonationSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      const b = req.body;
      const rowId = await insertDonation(app.db, { amountCents: b.amount, donorName: b.donorName || null, message: b.message || null, wantsAdxTokens: b.wantsAdxTokens, userId: req.session?.userId ?? null });
      const session = await startCheckout(checkout, {
        kind: 'donation',
        rowId,
        amountCents: b.amount,
        name: `Donation to ${opts.productName}`,
        description: b.wantsAdxTokens ? `Donation of $${centsToDollars(b.amount)} with ${b.amount.toLocaleString('en-US')} ADX tokens` : `Donation of $${centsToDollars(b.amount)}`,
        successUrl: url('/donation-success'),
        cancelUrl: url('/'),
        email: req.session?.email ?? null,
      });
      return { url: session.url };
    },
  );

  app.post(
    '/api/payments/program',
    {
      config: { access: 'public', limit: 'payment' },
      schema: createProgramPaymentSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      const text = PROGRAM_TEXT[req.body.kind];
      const rowId = await insertProgramPayment(app.db, { kind: req.body.kind, amountCents: PROGRAM_PRICE_CENTS, description: text.description, payerEmail: req.session?.email ?? null });
      const session = await startCheckout(checkout, {
        kind: req.body.kind,
        rowId,
        amountCents: PROGRAM_PRICE_CENTS,
        name: text.name,
        description: text.description,
        successUrl: url('/payment-success'),
        cancelUrl: url('/pitch-deck'),
        email: req.session?.email ?? null,
      });
      return { url: session.url };
    },
  );

  app.post(
    '/api/payments/investments',
    {
      config: { access: 'member', limit: 'payment' },
      schema: createInvestmentSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      const s = req.session!;
      const cents = Math.round(req.body.amount * 100);
      const tokens = investmentTokens(cents);
      const rowId = await insertInvestment(app.db, { userId: s.userId, amountCents: cents, tokens });
      await audit(app.db, 'investment_started', { userId: s.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { investment_id: rowId, amount_cents: cents });
      const session = await startCheckout(checkout, {
        kind: 'investment',
        rowId,
        amountCents: cents,
        name: 'ADX pre-launch tokens',
        description: `${Number(tokens).toLocaleString('en-US')} ADX tokens at 10 per dollar`,
        successUrl: url('/investment-success'),
        cancelUrl: url('/investment-portal'),
        email: s.email,
      });
      return { url: session.url, adx_tokens: tokens, investment_id: rowId };
    },
  );

  app.post(
    '/api/payments/verify',
    {
      config: { access: 'public', limit: 'api_call' },
      schema: verifyPaymentSchema,
    },
    async (req) => {
      const r = await verifyCheckout(checkout, req.body.session_id);
      const receipt = (await receiptCodeOf(app.db, r.kind, r.rowId)) ?? '';
      const logIndex = await logIndexOfPayment(app.db, req.body.session_id);
      return { success: r.status === 'paid', kind: r.kind, status: r.status, amount_cents: r.amountCents, investor_id: r.investorId, tokens: r.tokens, receipt_code: receipt, log_index: logIndex };
    },
  );

  app.post(
    '/api/payments/investments/verify',
    {
      config: { access: 'member' },
      schema: verifyInvestmentSchema,
    },
    async (req) => {
      const r = await verifyCheckout(checkout, req.body.session_id);
      if (r.kind !== 'investment') throw httpError(400, 'Payment verification failed: not an investment');
      const row = await findInvestment(app.db, r.rowId);
      if (!row) throw httpError(404, 'Payment verification failed: unknown investment');
      if (row.user_id !== req.session!.userId) throw httpError(403, 'This investment belongs to another account');
      return { success: r.status === 'paid', investment: toInvestment(row), log_index: await logIndexOfPayment(app.db, req.body.session_id) };
    },
  );
};
