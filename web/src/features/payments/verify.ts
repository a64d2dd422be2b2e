import { type TPaymentVerification } from '@app/common/schemas/payments';
import { paymentsApi } from '@app/common/api/payments';
import { call } from '../../lib/api';
import { useCheckoutOutcome } from './use-checkout-outcome';

/** The donation and program success pages' check of ?session_id= (records it if paid), live while pending. */
export function usePaymentOutcome(sessionId: string | null, live: boolean) {
  return useCheckoutOutcome({
    key: 'verify',
    sessionId,
    live,
    verify: (id) => call(paymentsApi.verify, { body: { session_id: id } }),
    statusOf: (v: TPaymentVerification) => v.status,
  });
}

/** The investment success page's check: verifies and returns the signed-in member's investment. */
export function useInvestmentOutcome(sessionId: string | null, signedIn: boolean) {
  return useCheckoutOutcome({
    key: 'verify-investment',
    sessionId,
    enabled: signedIn,
    live: signedIn,
    verify: (id) => call(paymentsApi.verifyInvestment, { body: { session_id: id } }),
    statusOf: (v) => v.investment.payment_status,
  });
}
