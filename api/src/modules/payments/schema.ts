import { ZApiError } from '@app/common/schemas/errors';
import { paymentsApi } from '@app/common/api/payments';

const { createDonation, createProgramPayment, createInvestment, verify, verifyInvestment } = paymentsApi;

/** POST /api/payments/donations */
export const createDonationSchema = {
  tags: ['payments'],
  summary: 'Start a donation checkout (amount in cents; asking for tokens: 409 while the token sale is closed)',
  body: createDonation.body,
  response: { 200: createDonation.response, 400: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/program */
export const createProgramPaymentSchema = {
  tags: ['payments'],
  summary: "Start an incubator enrollment (holds a seat) or student sponsorship checkout at the presented cohort's price; 409 when no cohort is open or it is full",
  body: createProgramPayment.body,
  response: { 200: createProgramPayment.response, 400: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/investments */
export const createInvestmentSchema = {
  tags: ['payments'],
  summary: 'Start a token purchase checkout (amount in dollars; tokens at the sale\'s rate, computed here; 409 while the sale is closed)',
  body: createInvestment.body,
  response: { 200: createInvestment.response, 400: ZApiError, 401: ZApiError, 409: ZApiError, 429: ZApiError, 502: ZApiError, 503: ZApiError },
};

/** POST /api/payments/verify */
export const verifyPaymentSchema = {
  tags: ['payments'],
  summary: 'Success pages: check a checkout session and record it if paid (idempotent); status says whether the money moved',
  body: verify.body,
  response: { 200: verify.response, 400: ZApiError, 404: ZApiError, 502: ZApiError },
};

/** POST /api/payments/investments/verify */
export const verifyInvestmentSchema = {
  tags: ['payments'],
  summary: 'Investment success page: verify and return my investment',
  body: verifyInvestment.body,
  response: { 200: verifyInvestment.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
};

/** POST /api/stripe/webhook (raw JSON body: not validated by a schema, the signature covers it) */
export const webhookSchema = { tags: ['payments'], summary: 'Stripe webhook (signed; raw JSON body; timestamps within ±300 s)', hide: false };
