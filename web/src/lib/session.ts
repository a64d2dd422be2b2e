import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZSessionInfo, type TSessionInfo } from '@app/common/schemas/auth';
import { getJson, sendJson, setCsrfToken } from './api';

const SESSION_KEY = ['session'] as const;
const CHANNEL = 'adx-auth';

async function fetchSession(signal?: AbortSignal): Promise<TSessionInfo> {
  const info = await getJson('/api/auth/session', ZSessionInfo, signal);
  setCsrfToken(info.csrfToken);
  return info;
}

/** Tells the other tabs that the signed-in member changed (sign-in or sign-out). */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.postMessage('changed');
  ch.close();
}

/**
 * Who is signed in, from the one session endpoint. Re-checked when the tab regains focus and when
 * another tab signs in or out, so a sign-out anywhere shows everywhere.
 */
export function useSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    return () => ch.close();
  }, [queryClient]);
  return useQuery({ queryKey: SESSION_KEY, queryFn: ({ signal }) => fetchSession(signal), staleTime: 60_000, refetchOnWindowFocus: true });
}

/** Refetches the session (after sign-in or a 401). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

/** Signs out here and in every tab. */
export async function signOut(): Promise<void> {
  await sendJson('POST', '/api/auth/sign-out', undefined, { parse: (v: unknown) => v });
  setCsrfToken(null);
  announceAuthChange();
}
