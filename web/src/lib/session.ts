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

/** Tries before a failing session check counts as signed out, and the pause between them. */
const SESSION_TRIES = 3;
const SESSION_RETRY_MS = 1_000;

async function fetchSessionInfo(): Promise<TSessionInfo> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch('/api/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (res.ok) return asSessionInfo(await res.json());
      if (res.status < 500 && res.status !== 429) return { user: null, csrfToken: null };
    } catch {
      // a network failure: try again below
    }
    // A busy or restarting server is not a sign-out: a member returning from checkout was shown signed
    // out (and the investment page a spinner that never ended) after one failed check.
    if (attempt >= SESSION_TRIES) return { user: null, csrfToken: null };
    await new Promise((resolve) => setTimeout(resolve, SESSION_RETRY_MS * attempt));
  }
}

/** Asks the server who is signed in (again); concurrent callers share one request. Only a lasting failure counts as signed out. */
function refreshSession(): Promise<SessionState> {
  inflight ??= fetchSessionInfo()
    .then((info) => {
      set({ loading: false, user: info.user, csrfToken: info.csrfToken });
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

const CHANNEL = 'adx-auth';
let watching = false;

/** Re-checks the session when another tab signs in or out, and when this tab regains focus. */
function watchElsewhere(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('focus', () => void refreshSession());
  if (typeof BroadcastChannel !== 'undefined') new BroadcastChannel(CHANNEL).onmessage = () => void refreshSession();
}

/** Tells the other tabs that the signed-in member changed (sign-in or sign-out). */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.postMessage('changed');
  ch.close();
}

const lostListeners = new Set<() => void>();

/**
 * An API call answered 401. For a member the app believed signed in, the session has ended elsewhere (expired,
 * revoked, signed out in another browser): re-read it once (concurrent 401s share the one request), and when it is
 * gone tell the listeners (the layout sends the member to sign in and back). A visitor already signed out is left to
 * the page, which offers its own sign-in link.
 */
export async function sessionRejected(): Promise<void> {
  if (!state.user) return;
  const next = await refreshSession();
  if (!next.user) for (const l of lostListeners) l();
}

/** Calls `listener` when a 401 turned out to mean the member's session has ended; returns the unsubscribe. */
export function onSessionLost(listener: () => void): () => void {
  lostListeners.add(listener);
  return () => {
    lostListeners.delete(listener);
  };
}

/** Re-reads the session (after a sign-in, or a 401). */
export function useRefreshSession(): () => Promise<SessionState> {
  return refreshSession;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watchElsewhere();
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
  const res = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: csrfToken ? { 'x-csrf-token': csrfToken } : {},
  });
  // 401: the session had already ended, which is what signing out wants. Anything else: still signed in.
  if (!res.ok && res.status !== 401) throw new Error(`Sign-out failed with status ${res.status}`);
  set({ loading: false, user: null, csrfToken: null });
  announceAuthChange();
}

/** A display name for the member: their username, else the part of their e-mail before the @, else 'Member'. */
export function displayName(user: TSessionUser): string {
  return user.username?.trim() || user.email?.split('@')[0] || 'Member';
}
