import type { RateLimitName } from '@app/common/domain/rate-limits';
import type { LoadedSession } from '@app/common/server/sessions/sessions.repository';

/**
 * Who may call a route: anyone, a signed-in member, an admin (an active `admin` row in user_roles,
 * checked on the server on every call), or a speaker holding a valid studio credential (the cookie
 * POST /api/speaker/authenticate sets; scoped to one session). Every /api route declares one in its
 * `config`; registering an /api route without it fails at start-up.
 */
export type Access = 'public' | 'member' | 'admin' | 'speaker';

/** One registered route and its declared access, for the authorization matrix and the docs. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  limit: RateLimitName | undefined;
  /** The route answers an endless event stream (config.eventStream): callers read its head, then hang up. */
  eventStream: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (required for every /api route). */
    access?: Access;
    /** A named rate limit from common/src/domain/rate-limits.ts; member and admin routes default to api_call. */
    limit?: RateLimitName;
    /**
     * false for a public route that never acts on the caller's session (so a plain HTML form may post
     * to it); the Origin check still applies. 'origin' (for third-party UIs that cannot send our
     * token, such as the queue dashboard): a state-changing call must carry an Origin header naming
     * our origin instead — browsers always send one on fetch/XHR writes.
     */
    csrf?: false | 'origin';
    /**
     * A WebSocket route whose handler checks the studio credential itself and refuses with a close
     * code (a browser cannot read the HTTP status of a refused handshake); plain GETs are still refused 401.
     */
    studioSocket?: true;
    /**
     * The answer is an endless `text/event-stream` (the ledger's live stream): the tests that call every route read
     * its status, headers and first bytes, then hang up, instead of waiting for an end.
     */
    eventStream?: true;
  }
  interface FastifyRequest {
    /** The signed-in member's session, or null. */
    session: LoadedSession | null;
    /** The session id a valid studio credential cookie is scoped to, or null. */
    studioSessionId: string | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access, in registration order. */
    routeAccess: RouteAccess[];
  }
}

/**
 * A scope-wide default access, for routes registered by a third-party plugin that cannot pass our
 * `config` (the queue dashboard): `scope.decorate(SCOPE_ACCESS, 'admin')` before registering it.
 */
export const SCOPE_ACCESS = 'scopeRouteAccess';

/** Paths that must declare access: the JSON API and the sign-in redirects. */
export function mustDeclareAccess(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url === '/api';
}
