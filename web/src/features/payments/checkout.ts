import { paymentsApi } from '@app/common/api/payments';
import { call } from '../../lib/api';

/** POST /api/payments/program: enrollment or student sponsorship (the server sets the cohort's price). */
export function createProgramPayment(kind: 'program' | 'sponsorship'): Promise<{ url: string }> {
  return call(paymentsApi.createProgramPayment, { body: { kind } });
}
