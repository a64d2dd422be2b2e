import { ZApiError } from '@app/common/schemas/errors';
import {
  ZCheckoutUrl,
  ZCreateDonation,
  ZCreateInvestment,
  ZCreateProgramPayment,
  ZInvestmentCreated,
  ZInvestmentVerification,
  ZPaymentVerification,
  ZVerifyPayment,
} from '@app/common/schemas/payments';

/** POST /api/payments/donations */
export const createDonationSchema = {
  tags: ['payments'],
  summary: 'Start a donation checkout (amount in cents; asking for tokens: 409 while the token sale is closed)',
  body: ZCreateDonation,
  response: { 200: ZCheckoutUrl, 400: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/program */
export const createProgramPaymentSchema = {
  tags: ['payments'],
  summary: 'Start an incubator enrollment or student sponsorship checkout ($2,497, fixed on the server)',
  body: ZCreateProgramPayment,
  response: { 200: ZCheckoutUrl, 400: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/investments */
export const createInvestmentSchema = {
  tags: ['payments'],
  summary: 'Start a token purchase checkout (amount in dollars; tokens at the sale\'s rate, computed here; 409 while the sale is closed)',
  body: ZCreateInvestment,
  response: { 200: ZInvestmentCreated, 400: ZApiError, 401: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/verify */
export const verifyPaymentSchema = {
  tags: ['payments'],
  summary: 'Success pages: check a checkout session and record it if paid (idempotent); status says whether the money moved',
  body: ZVerifyPayment,
  response: { 200: ZPaymentVerification, 400: ZApiError, 404: ZApiError, 502: ZApiError },
};

/** POST /api/payments/investments/verify */
export const verifyInvestmentSchema = {
  tags: ['payments'],
  summary: 'Investment success page: verify and return my investment',
  body: ZVerifyPayment,
  response: { 200: ZInvestmentVerification, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
};

/** POST /api/stripe/webhook (raw JSON body: not validated by a schema, the signature covers it) */
export const webhookSchema = { tags: ['payments'], summary: 'Stripe webhook (signed; raw JSON body; timestamps within ±300 s)', hide: false };
