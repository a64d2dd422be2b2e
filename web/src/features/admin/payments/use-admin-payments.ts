import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentKind } from '@app/common/domain/payments';
import type { TAdminPaymentQuery } from '@app/common/schemas/admin-payments';
import { adminApi } from '@app/common/api/admin';
import { call } from '../../../lib/api';
import { useLiveRefetch } from '../../../lib/socket';

const ADMIN_PAYMENTS_KEY = ['admin', 'payments'] as const;
export type PaymentFilters = Omit<TAdminPaymentQuery, 'page' | 'pageSize'>;

/** The filters as a query string (empty ones left out), shared by the page's list and its CSV link. */
export function filterParams(f: PaymentFilters): URLSearchParams {
  return new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/** One page of payments and the last reconciliation; both follow payment:status events live. */
export function useAdminPayments(filters: PaymentFilters, page: number, pageSize: number) {
  useLiveRefetch('admins', 'payment:status', [[...ADMIN_PAYMENTS_KEY]]);
  const list = useQuery({
    queryKey: [...ADMIN_PAYMENTS_KEY, 'list', filters, page],
    queryFn: ({ signal }) => {
      const q = filterParams(filters);
      q.set('page', String(page));
      q.set('pageSize', String(pageSize));
      return call(adminApi.payments, { query: Object.fromEntries(q) }, signal);
    },
    placeholderData: keepPreviousData,
  });
  const reconciliation = useQuery({
    queryKey: [...ADMIN_PAYMENTS_KEY, 'reconciliation'],
    queryFn: ({ signal }) => call(adminApi.reconciliation, {}, signal),
  });
  return { list, reconciliation };
}

/** Asks for a refund; the row changes when the provider's charge.refunded arrives (a payment:status event). */
export function useRefund() {
  const client = useQueryClient();
  return async (kind: PaymentKind, id: string) => {
    const res = await call(adminApi.refund, { params: { kind, id }, body: {} });
    void client.invalidateQueries({ queryKey: [...ADMIN_PAYMENTS_KEY] });
    return res;
  };
}
