import { useQuery } from '@tanstack/react-query';
import { ZSessionInfo, type TSessionUser } from '@app/common/schemas/auth';
import { getJson, setCsrfToken } from './api';

/** React Query key of the session; invalidate it after signing in or out. */
export const sessionKey = ['session'] as const;

/** What useSession gives: the signed-in member (null when nobody), the CSRF token, and whether the check is still running. */
export interface SessionState {
  user: TSessionUser | null;
  csrfToken: string | null;
  isPending: boolean;
  error: Error | null;
}

async function fetchSession(signal: AbortSignal) {
  const info = await getJson('/api/auth/session', ZSessionInfo, signal);
  setCsrfToken(info.csrfToken);
  return info;
}

/** The signed-in member from GET /api/auth/session; also hands the CSRF token to sendJson and uploads. */
export function useSession(): SessionState {
  const q = useQuery({ queryKey: sessionKey, queryFn: ({ signal }) => fetchSession(signal), staleTime: 60_000 });
  return { user: q.data?.user ?? null, csrfToken: q.data?.csrfToken ?? null, isPending: q.isPending, error: q.error };
}
