import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsToDollars, purchaseProblem, rateLabel, SALE_CLOSED_MESSAGE, tokensForCents } from '@app/common/domain/payments';
import { paymentsApi } from '@app/common/api/payments';
import { ZApiError } from '@app/common/schemas/errors';
import { audit } from '@app/common/server/audit.repository';
import { findInvestment, receiptCodeOf, insertDonation, insertInvestment, type InvestmentRow } from '@app/common/server/payments/payments.repository';
import { programOfPayment } from '@app/common/server/program/cohorts.repository';
import { loadTokenSale } from '@app/common/server/site/site.repository';
import { startEnrolment, startSponsorship } from '../program/enrolment.service';
import { logIndexOfPayment } from '@app/common/server/ledger/tlog.repository';
import { httpError } from '../../http-error';
import { startMonthlyGift } from './monthly.service';
import { requireProvider, startCheckout, verifyCheckout, type CheckoutDeps } from './provider';

const { createDonation, createProgramPayment, createInvestment, verify, verifyInvestment } = paymentsApi;

/** POST /api/payments/donations */
const createDonationSchema = {
  tags: ['payments'],
  summary: 'Start a donation checkout (amount in cents; asking for tokens: 409 while the token sale is closed)',
  body: createDonation.body,
  response: { 200: createDonation.response, 400: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/program */
const createProgramPaymentSchema = {
  tags: ['payments'],
  summary: "Start an incubator enrollment (holds a seat) or student sponsorship checkout at the presented cohort's price; 409 when no cohort is open or it is full",
  body: createProgramPayment.body,
  response: { 200: createProgramPayment.response, 400: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/investments */
const createInvestmentSchema = {
  tags: ['payments'],
  summary: 'Start a token purchase checkout (amount in dollars; tokens at the sale\'s rate, computed here; 409 while the sale is closed)',
  body: createInvestment.body,
  response: { 200: createInvestment.response, 400: ZApiError, 401: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/verify */
const verifyPaymentSchema = {
  tags: ['payments'],
  summary: 'Success pages: check a checkout session and record it if paid (idempotent); status says whether the money moved',
  body: verify.body,
  response: { 200: verify.response, 400: ZApiError, 404: ZApiError, 502: ZApiError },
};

/** POST /api/payments/investments/verify */
const verifyInvestmentSchema = {
  tags: ['payments'],
  summary: 'Investment success page: verify and return my investment',
  body: verifyInvestment.body,
  response: { 200: verifyInvestment.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
};

/** An investment row as its owner sees it (the investment success page, and /api/me/investments). */
export const toInvestment = (r: InvestmentRow) => ({
  investment_id: r.id,
  amount_cents: Number(r.amount_cents),
  adx_tokens: r.adx_tokens,
  // "10.0000" → "10": the rate as the pages write it.
  tokens_per_dollar: r.tokens_per_dollar === null ? null : String(Number(r.tokens_per_dollar)),
  payment_status: r.payment_status,
  investor_id: r.investor_id,
  created_at: r.created_at.toISOString(),
  receipt_code: r.receipt_code,
});

/** Donations, program payments and sponsorships, investments, and the success pages' verify calls. */
export const paymentRoutes: FastifyPluginAsyncZod<{ publicUrl: string; productName: string }> = async (app, opts) => {
  const url = (path: string) => `${opts.publicUrl}${path}`;
  const checkout: CheckoutDeps = { db: app.db, provider: app.payments, emitter: app.emitter, log: app.log, queues: app.queues };

  app.post(
    createDonation.path,
    {
      config: { access: 'public', limit: 'donation' },
      schema: createDonationSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      const b = req.body;
      // Tokens for a donation follow the sale: its rate, fixed on the row now, and none while the sale is closed.
      const sale = b.wantsAdxTokens ? await loadTokenSale(app.db) : null;
      if (sale && !sale.open) throw httpError(409, SALE_CLOSED_MESSAGE);
      const tokens = sale ? { rate: sale.tokensPerDollar, tokens: tokensForCents(sale.tokensPerDollar, b.amount) } : null;
      // The receipt goes to the member's address, else to the one a signed-out donor gave for it.
      const payerEmail = req.session?.email ?? b.email ?? null;
      if (b.monthly) {
        const each = `$${centsToDollars(b.amount)} every month`;
        return startMonthlyGift(checkout, {
          amountCents: b.amount,
          donorName: b.donorName || null,
          message: b.message || null,
          userId: req.session?.userId ?? null,
          email: payerEmail,
          rate: tokens?.rate ?? null,
          name: `Monthly donation to ${opts.productName}`,
          description: tokens ? `${each} with ${Number(tokens.tokens).toLocaleString('en-US')} ADX tokens each month` : each,
          successUrl: url('/donation-success'),
          cancelUrl: url('/'),
        });
      }
      const rowId = await insertDonation(app.db, { amountCents: b.amount, donorName: b.donorName || null, message: b.message || null, wantsAdxTokens: b.wantsAdxTokens, userId: req.session?.userId ?? null, tokens, payerEmail });
      const session = await startCheckout(checkout, {
        kind: 'donation',
        rowId,
        amountCents: b.amount,
        name: `Donation to ${opts.productName}`,
        description: tokens ? `Donation of $${centsToDollars(b.amount)} with ${Number(tokens.tokens).toLocaleString('en-US')} ADX tokens` : `Donation of $${centsToDollars(b.amount)}`,
        successUrl: url('/donation-success'),
        cancelUrl: url('/'),
        email: payerEmail,
      });
      return { url: session.url };
    },
  );

  app.post(
    createProgramPayment.path,
    {
      config: { access: 'public', limit: 'payment' },
      schema: createProgramPaymentSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      // The cohort, its price and its seats are data (the program module); Enroll holds a seat, a sponsorship none.
      const p = { now: app.clock(), email: req.session?.email ?? null, userId: req.session?.userId ?? null, successUrl: url('/payment-success'), cancelUrl: url('/pitch-deck') };
      return req.body.kind === 'program' ? startEnrolment(checkout, p) : startSponsorship(checkout, p);
    },
  );

  app.post(
    createInvestment.path,
    {
      config: { access: 'member', limit: 'payment' },
      schema: createInvestmentSchema,
    },
    async (req) => {
      requireProvider(app.payments);
      const s = req.session!;
      const cents = Math.round(req.body.amount * 100);
      const sale = await loadTokenSale(app.db);
      const problem = purchaseProblem(sale, cents);
      if (problem) throw httpError(sale.open ? 400 : 409, problem);
      const tokens = tokensForCents(sale.tokensPerDollar, cents);
      const rowId = await insertInvestment(app.db, { userId: s.userId, amountCents: cents, tokens, rate: sale.tokensPerDollar, payerEmail: s.email });
      await audit(app.db, 'investment_started', { userId: s.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { investment_id: rowId, amount_cents: cents });
      const session = await startCheckout(checkout, {
        kind: 'investment',
        rowId,
        amountCents: cents,
        name: 'ADX pre-launch tokens',
        description: `${Number(tokens).toLocaleString('en-US')} ADX tokens at ${rateLabel(sale.tokensPerDollar)}`,
        successUrl: url('/investment-success'),
        cancelUrl: url('/investment-portal'),
        email: s.email,
      });
      return { url: session.url, adx_tokens: tokens, investment_id: rowId };
    },
  );

  app.post(
    verify.path,
    {
      config: { access: 'public', limit: 'api_call' },
      schema: verifyPaymentSchema,
    },
    async (req) => {
      const r = await verifyCheckout(checkout, req.body.session_id);
      const receipt = (await receiptCodeOf(app.db, r.kind, r.rowId)) ?? '';
      const program = r.kind === 'program' || r.kind === 'sponsorship' ? { program: await programOfPayment(app.db, r.rowId, app.clock()) } : {};
      return { success: r.status === 'paid', kind: r.kind, status: r.status, amount_cents: r.amountCents, investor_id: r.investorId, tokens: r.tokens, receipt_code: receipt, log_index: await logIndexOfPayment(app.db, req.body.session_id), ...program };
    },
  );

  app.post(
    verifyInvestment.path,
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
