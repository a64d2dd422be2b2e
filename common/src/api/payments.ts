import { z } from 'zod';
import { INVESTMENT, MIN_DONATION_CENTS, PAYMENT_KINDS, PAYMENT_STATUSES } from '../domain/payments';
import { zText } from '../domain/text';
import { ZCohortPublic } from '../schemas/program';
import { zEmailAddress } from '../schemas/mail';
import { ZMonthlyGiftList, ZMonthlyGiftParams, ZPortalUrl } from '../schemas/monthly';
import { contract } from './contract';

// The payments module's calls and the zod schemas of their bodies and answers, which the API validates with and the
// web app's forms check before calling (the donation dialog parses ZCreateDonation itself).

/** The shared cleaning step (trims, removes control characters, as the spec requires for donor name and message). */
const cleanText = (max: number, label: string, multiline = false) =>
  zText({ multiline })
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .optional();

/** POST /api/payments/donations (spec: create-donation). */
export const ZCreateDonation = z.object({
  amount: z
    .number({ error: 'Please enter a valid donation amount of at least $1.00' })
    .int('The amount must be a whole number of cents')
    .min(MIN_DONATION_CENTS, 'Please enter a valid donation amount of at least $1.00')
    .max(100_000_000, 'Donations above $1,000,000 need to be arranged with us directly'),
  donorName: cleanText(100, 'Name'),
  message: cleanText(1000, 'Message', true),
  wantsAdxTokens: z.boolean().default(false),
  /** Where a signed-out donor wants the receipt (and the link to their receipts page); members' go to their account's. */
  email: z.preprocess((v) => (v === '' ? undefined : v), zEmailAddress().optional()),
  /** Give the amount every month (a subscription checkout; each month is its own donation and receipt). */
  monthly: z.boolean().default(false),
});

/** POST /api/payments/program (spec: create-payment): the price is fixed on the server. */
const ZCreateProgramPayment = z.object({
  kind: z.enum(['program', 'sponsorship'], { error: "kind must be 'program' or 'sponsorship'" }),
});

/**
 * POST /api/payments/investments (spec: create-secure-investment): dollars. The sale's own minimum and maximum
 * (domain/payments.ts, set by admins) are checked by the route; this is only what no sale can allow.
 */
const ZCreateInvestment = z.object({
  amount: z
    .number({ error: 'Investment amount must be a number' })
    .min(0, 'Investment amount cannot be negative')
    .max(INVESTMENT.maxDollars, 'Maximum investment amount is $1,000,000.')
    .multipleOf(0.01, 'Investment amount can have at most 2 decimals'),
});

/** Answer of the create calls: where to pay. */
const ZCheckoutUrl = z.object({ url: z.string() });

/** Answer of the investment create call, as the spec names it. */
const ZInvestmentCreated = z.object({ url: z.string(), adx_tokens: z.string(), investment_id: z.string() });

/** POST /api/payments/verify body. */
const ZVerifyPayment = z.object({
  // Checkout session ids look like cs_test_… / cs_live_…: anything else cannot be one (and must not reach the provider).
  session_id: z.string().trim().min(1, 'No session ID found').max(255).regex(/^cs_\w+$/, 'is not a checkout session ID'),
});

/** What a verify call answers for any kind of payment. */
const ZPaymentVerification = z.object({
  success: z.boolean(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.number().int(),
  investor_id: z.string().nullable(),
  tokens: z.string().nullable(),
  /** The code on the payer's bank line and provider receipt. */
  receipt_code: z.string(),
  /** The ledger row's index in the transparency log (null: no ledger row). */
  log_index: z.number().int().nullable(),
  /**
   * Enrolments and sponsorships: their cohort, and an enrolment's seat (overbooked: paid after its cohort filled, so
   * refunded and not enrolled).
   */
  program: z.object({ cohort: ZCohortPublic.nullable(), seat: z.enum(['held', 'confirmed', 'released', 'overbooked']).nullable() }).optional(),
});
export type TPaymentVerification = z.infer<typeof ZPaymentVerification>;

/** The signed-in member's investment as the success page shows it. */
export const ZInvestment = z.object({
  investment_id: z.string(),
  amount_cents: z.number().int(),
  adx_tokens: z.string(),
  /** The tokens per dollar it was bought at (null: bought before rates were kept). */
  tokens_per_dollar: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  investor_id: z.string().nullable(),
  created_at: z.string(),
  receipt_code: z.string(),
});

/** POST /api/payments/investments/verify answer (spec: verify-investment-payment). */
const ZInvestmentVerification = z.object({
  success: z.boolean(),
  investment: ZInvestment,
  /** The ledger row's index in the transparency log (null until it is paid). */
  log_index: z.number().int().nullable(),
});

/** The payments module: checkouts and the success pages' verification. */
export const paymentsApi = {
  createDonation: contract({ method: 'POST', path: '/api/payments/donations', body: ZCreateDonation, response: ZCheckoutUrl }),
  createProgramPayment: contract({ method: 'POST', path: '/api/payments/program', body: ZCreateProgramPayment, response: ZCheckoutUrl }),
  createInvestment: contract({ method: 'POST', path: '/api/payments/investments', body: ZCreateInvestment, response: ZInvestmentCreated }),
  verify: contract({ method: 'POST', path: '/api/payments/verify', body: ZVerifyPayment, response: ZPaymentVerification }),
  verifyInvestment: contract({ method: 'POST', path: '/api/payments/investments/verify', body: ZVerifyPayment, response: ZInvestmentVerification }),
  monthlyGifts: contract({ method: 'GET', path: '/api/payments/monthly', response: ZMonthlyGiftList }),
  monthlyPortal: contract({ method: 'POST', path: '/api/payments/monthly/:id/portal', params: ZMonthlyGiftParams, response: ZPortalUrl }),
};
