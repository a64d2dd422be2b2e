import { ZInvestmentVerification, ZPaymentVerification, type TPaymentVerification } from '@app/common/schemas/payments';
import { sendJson } from '../../lib/api';
import { useCheckoutOutcome } from './use-checkout-outcome';

/** The donation and program success pages' check of ?session_id= (records it if paid), live while pending. */
export function usePaymentOutcome(sessionId: string | null, live: boolean) {
  return useCheckoutOutcome({
    key: 'verify',
    sessionId,
    live,
    verify: (id) => sendJson('POST', '/api/payments/verify', { session_id: id }, ZPaymentVerification),
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
    verify: (id) => sendJson('POST', '/api/payments/investments/verify', { session_id: id }, ZInvestmentVerification),
    statusOf: (v) => v.investment.payment_status,
  });
}
