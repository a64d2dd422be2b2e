import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '@app/common/api/account';
import type { TAccountPayment } from '@app/common/schemas/account';
import { call } from '../../lib/api';
import { useLiveRefetch } from '../../lib/socket';

const ACCOUNT_KEY = ['account'] as const;

/**
 * The member's overview (holdings, first page of payments) and the further pages they ask for by cursor. The overview
 * follows payment:status in the member's room, so a refund shows without a reload; a fresh overview starts the list
 * over from its first page.
 */
export function useAccount(enabled: boolean) {
  useLiveRefetch('me', 'payment:status', [[...ACCOUNT_KEY]], enabled);
  const overview = useQuery({ queryKey: [...ACCOUNT_KEY, 'overview'], queryFn: ({ signal }) => call(accountApi.overview, {}, signal), enabled });
  // Pages loaded after the overview's first, kept only for the overview they continue.
  const [loaded, setLoaded] = useState<{ after: number; payments: TAccountPayment[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const more = loaded?.after === overview.dataUpdatedAt ? loaded : null;
  const first = overview.data?.page;
  const payments = [...(first?.payments ?? []), ...(more?.payments ?? [])];
  const next = more ? more.next : (first?.next ?? null);
  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await call(accountApi.payments, { query: { cursor: next } });
      const after = overview.dataUpdatedAt;
      setLoaded((m) => ({ after, payments: [...(m?.after === after ? m.payments : []), ...page.payments], next: page.next }));
    } finally {
      setLoadingMore(false);
    }
  };
  return { overview, payments, next, loadMore, loadingMore };
}

/** The mailed receipts page: one page at a time, by the link's token. */
export function useReceipts(token: string) {
  return useInfiniteQuery({
    queryKey: ['receipts', token],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call(accountApi.receipts, { query: { token, cursor: pageParam ?? undefined } }, signal),
    getNextPageParam: (last) => last.page.next,
    retry: false,
  });
}
