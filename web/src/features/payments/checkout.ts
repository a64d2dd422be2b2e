import { ZCheckoutUrl, type TCreateDonation } from '@app/common/schemas/payments';
import { sendJson } from '../../lib/api';

/** POST /api/payments/donations. */
export function createDonation(body: TCreateDonation): Promise<{ url: string }> {
  return sendJson('POST', '/api/payments/donations', body, ZCheckoutUrl);
}

/** POST /api/payments/program: enrollment or student sponsorship (the server sets the $2,497 price). */
export function createProgramPayment(kind: 'program' | 'sponsorship'): Promise<{ url: string }> {
  return sendJson('POST', '/api/payments/program', { kind }, ZCheckoutUrl);
}
