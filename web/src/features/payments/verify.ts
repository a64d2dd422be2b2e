import { useQuery } from '@tanstack/react-query';
import { ZInvestmentVerification, ZPaymentVerification } from '@app/common/schemas/payments';
import { sendJson } from '../../lib/api';

/** Verifies (and, if paid, records) the checkout of ?session_id= once per page view. */
export function usePaymentVerification(sessionId: string | null) {
  return useQuery({
    queryKey: ['verify', sessionId],
    queryFn: () => sendJson('POST', '/api/payments/verify', { session_id: sessionId }, ZPaymentVerification),
    enabled: Boolean(sessionId),
    staleTime: Infinity,
    retry: 2,
  });
}

/** The investment success page's check: verifies and returns the signed-in member's investment. */
export function useInvestmentVerification(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['verify-investment', sessionId],
    queryFn: () => sendJson('POST', '/api/payments/investments/verify', { session_id: sessionId }, ZInvestmentVerification),
    enabled: Boolean(sessionId) && enabled,
    staleTime: Infinity,
    retry: 1,
  });
}
