import { useSyncExternalStore } from 'react';
import type { TSessionInfo, TSessionUser } from '@app/common/schemas/auth';

/**
 * Who is signed in, for every page and the top bar: GET /api/auth/session once, shared through a tiny store
 * (useSyncExternalStore) so the entry chunk needs neither TanStack Query nor zod. The CSRF token it carries is
 * what sendJson sends on state-changing calls.
 */

/** The session as components see it. */
export interface SessionState {
  /** True until the first answer (or failure). */
  loading: boolean;
  user: TSessionUser | null;
  csrfToken: string | null;
}

let state: SessionState = { loading: true, user: null, csrfToken: null };
let inflight: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const l of listeners) l();
}

/** A light shape check of the session answer (the full zod schema stays out of the entry chunk). */
function asSessionInfo(body: unknown): TSessionInfo {
  const b = body as Partial<TSessionInfo> | null;
  const user = b?.user && typeof b.user === 'object' && typeof b.user.id === 'string' ? b.user : null;
  return { user, csrfToken: typeof b?.csrfToken === 'string' ? b.csrfToken : null };
}

/** Asks the server who is signed in (again); concurrent callers share one request. A failure counts as signed out. */
export function refreshSession(): Promise<SessionState> {
  inflight ??= fetch('/api/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (res) => {
      const info = res.ok ? asSessionInfo(await res.json()) : { user: null, csrfToken: null };
      set({ loading: false, user: info.user, csrfToken: info.csrfToken });
      return state;
    })
    .catch(() => {
      set({ loading: false, user: null, csrfToken: null });
      return state;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The session, loading it first if nobody has yet. */
export function ensureSession(): Promise<SessionState> {
  return state.loading ? refreshSession() : Promise.resolve(state);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (state.loading && !inflight) void refreshSession();
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;

/** The signed-in member (or null), whether the first check is still running, and the CSRF token. */
export function useSession(): SessionState & { isAdmin: boolean } {
  const s = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...s, isAdmin: Boolean(s.user?.isAdmin) };
}

/** Signs out on the server (revoking the session), then everywhere in the app. */
export async function signOut(): Promise<void> {
  const { csrfToken } = await ensureSession();
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: csrfToken ? { 'x-csrf-token': csrfToken } : {},
    });
  } finally {
    set({ loading: false, user: null, csrfToken: null });
  }
}

/** A display name for the member: their username, else the part of their e-mail before the @, else 'Member'. */
export function displayName(user: TSessionUser): string {
  return user.username?.trim() || user.email?.split('@')[0] || 'Member';
}
