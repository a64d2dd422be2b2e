import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollars, investmentTokens, PROGRAM_PRICE_CENTS } from '@app/common/domain/money';
import { ZApiError } from '@app/common/schemas/errors';
import {
  ZCheckoutUrl,
  ZCreateDonation,
  ZCreateInvestment,
  ZCreateProgramPayment,
  ZInvestment,
  ZInvestmentCreated,
  ZInvestmentVerification,
  ZPaymentVerification,
  ZVerifyPayment,
} from '@app/common/schemas/payments';
import { audit } from '@app/common/server/audit.repository';
import { httpError } from '../../http-error';
import { requireProvider, startCheckout, verifyCheckout } from '../../services/payments.service';

const PROGRAM_TEXT = {
  program: { name: 'I Am The Business — 12-week incubator', description: 'Enrollment in the 12-week business incubator program (Cohort 1 of 10).' },
  sponsorship: { name: 'Sponsor a Student — I Am The Business', description: 'Sponsorship of an 11th or 12th grade student in the 12-week incubator program.' },
} as const;

interface InvestmentRow {
  id: string;
  amount_cents: string;
  adx_tokens: string;
  payment_status: string;
  investor_id: string | null;
  created_at: Date;
  user_id: string;
}
const toInvestment = (r: InvestmentRow) => ({
  investment_id: r.id,
  amount_cents: Number(r.amount_cents),
  adx_tokens: r.adx_tokens,
  payment_status: r.payment_status,
  investor_id: r.investor_id,
  created_at: r.created_at.toISOString(),
});

/** Donations, program payments and sponsorships, investments, and the success pages' verify calls. */
export const paymentRoutes: FastifyPluginAsyncZod<{ publicUrl: string; productName: string }> = async (app, opts) => {
  const url = (path: string) => `${opts.publicUrl}${path}`;

  app.post(
    '/api/payments/donations',
    {
      config: { access: 'public', limit: 'donation' },
      schema: { tags: ['payments'], summary: 'Start a donation checkout (amount in cents)', body: ZCreateDonation, response: { 200: ZCheckoutUrl, 400: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError } },
    },
    async (req) => {
      requireProvider(app);
      const b = req.body;
      const [row] = (await app.db('donations')
        .insert({ amount_cents: b.amount, donor_name: b.donorName || null, message: b.message || null, wants_adx_tokens: b.wantsAdxTokens, user_id: req.session?.userId ?? null })
        .returning('id')) as Array<{ id: string }>;
      const session = await startCheckout(app, {
        kind: 'donation',
        rowId: row!.id,
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
      schema: { tags: ['payments'], summary: 'Start an incubator enrollment or student sponsorship checkout ($2,497, fixed on the server)', body: ZCreateProgramPayment, response: { 200: ZCheckoutUrl, 400: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError } },
    },
    async (req) => {
      requireProvider(app);
      const text = PROGRAM_TEXT[req.body.kind];
      const [row] = (await app.db('program_payments')
        .insert({ kind: req.body.kind, amount_cents: PROGRAM_PRICE_CENTS, description: text.description, payer_email: req.session?.email ?? null })
        .returning('id')) as Array<{ id: string }>;
      const session = await startCheckout(app, {
        kind: req.body.kind,
        rowId: row!.id,
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
      schema: { tags: ['payments'], summary: 'Start a token purchase checkout (amount in dollars; tokens = dollars × 10, computed here)', body: ZCreateInvestment, response: { 200: ZInvestmentCreated, 400: ZApiError, 401: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError } },
    },
    async (req) => {
      requireProvider(app);
      const s = req.session!;
      const cents = Math.round(req.body.amount * 100);
      const tokens = investmentTokens(cents);
      const [row] = (await app.db('investments').insert({ user_id: s.userId, amount_cents: cents, adx_tokens: tokens }).returning('id')) as Array<{ id: string }>;
      await audit(app.db, 'investment_started', { userId: s.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { investment_id: row!.id, amount_cents: cents });
      const session = await startCheckout(app, {
        kind: 'investment',
        rowId: row!.id,
        amountCents: cents,
        name: 'ADX pre-launch tokens',
        description: `${Number(tokens).toLocaleString('en-US')} ADX tokens at 10 per dollar`,
        successUrl: url('/investment-success'),
        cancelUrl: url('/investment-portal'),
        email: s.email,
      });
      return { url: session.url, adx_tokens: tokens, investment_id: row!.id };
    },
  );

  app.post(
    '/api/payments/verify',
    {
      config: { access: 'public', limit: 'api_call' },
      schema: { tags: ['payments'], summary: 'Success pages: check a checkout session and record it if paid (idempotent)', body: ZVerifyPayment, response: { 200: ZPaymentVerification, 400: ZApiError, 404: ZApiError, 502: ZApiError } },
    },
    async (req) => {
      const r = await verifyCheckout(app, req.body.session_id);
      return { success: r.status === 'paid', kind: r.kind, status: r.status, amount_cents: r.amountCents, investor_id: r.investorId, tokens: r.tokens };
    },
  );

  app.post(
    '/api/payments/investments/verify',
    {
      config: { access: 'member' },
      schema: { tags: ['payments'], summary: 'Investment success page: verify and return my investment', body: ZVerifyPayment, response: { 200: ZInvestmentVerification, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } },
    },
    async (req) => {
      const r = await verifyCheckout(app, req.body.session_id);
      if (r.kind !== 'investment') throw httpError(400, 'Payment verification failed: not an investment');
      const row = (await app.db('investments').where({ id: r.rowId }).first()) as InvestmentRow;
      if (row.user_id !== req.session!.userId) throw httpError(403, 'This investment belongs to another account');
      return { success: r.status === 'paid', investment: toInvestment(row) };
    },
  );

  app.get(
    '/api/me/investments',
    {
      config: { access: 'member' },
      schema: { tags: ['payments'], summary: 'My investments, newest first', response: { 200: z.object({ investments: z.array(ZInvestment) }), 401: ZApiError } },
    },
    async (req) => {
      const rows = (await app.db('investments').where({ user_id: req.session!.userId }).orderBy('created_at', 'desc').limit(100)) as InvestmentRow[];
      return { investments: rows.map(toInvestment) };
    },
  );
};
