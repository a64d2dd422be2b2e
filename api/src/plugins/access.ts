import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { RATE_LIMITS } from '@app/common/domain/rate-limits';
import { audit } from '@app/common/server/audit.repository';
import { loadSession, type SessionLifetime } from '@app/common/server/sessions/sessions.repository';
import { checkStudioCredential } from '@app/common/server/sessions/speaker-sessions.repository';
import { mustDeclareAccess, SCOPE_ACCESS, type Access, type RouteAccess } from '../access';
import { httpError } from '../http-error';

/** The session cookie: `__Host-` prefixed and Secure in production (no Domain, Path=/). */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-adx_session' : 'adx_session';
}

/** The studio credential cookie (a speaker's access to one session's studio). */
export function studioCookieName(secure: boolean): string {
  return secure ? '__Secure-adx_studio' : 'adx_studio';
}

/** Whether the request asks for a WebSocket upgrade. */
function isWebSocketUpgrade(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  const upgrade = req.headers.upgrade;
  return typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket';
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Identity and access for every request: loads the session from its cookie, enforces the route's
 * declared access (401 / 403, refused admin access audited), checks CSRF (header token + Origin) on
 * state-changing calls, and records every route's access so nothing can be registered without one.
 */
export const accessPlugin = fp<{ lifetime: SessionLifetime; secureCookies: boolean; publicUrl: string }>(
  async (app, opts) => {
    await app.register(cookie);
    const cookieName = sessionCookieName(opts.secureCookies);
    const studioCookie = studioCookieName(opts.secureCookies);
    const publicOrigin = new URL(opts.publicUrl).origin;
    const registry: RouteAccess[] = [];
    app.decorate('routeAccess', registry);
    app.decorateRequest('session', null);
    app.decorateRequest('studioSessionId', null);

    app.addHook('onRoute', function (route) {
      const url = route.url ?? route.path;
      const config = (route.config ??= {});
      // A scope that decorated a default access (third-party plugins that cannot pass our config).
      const scopeAccess = (this as unknown as Record<string, Access | undefined>)[SCOPE_ACCESS];
      const fromScope = !config.access && Boolean(scopeAccess);
      if (fromScope) {
        config.access = scopeAccess;
        config.csrf ??= 'origin';
      }
      if (!config.access) {
        if (mustDeclareAccess(url)) throw new Error(`route ${String(route.method)} ${url} declares no access (config.access)`);
        return;
      }
      // Scope routes (the queue dashboard, which polls every few seconds) do not spend the caller's
      // api_call budget, which the app's own pages need.
      const limit = config.limit ?? (config.access === 'public' || fromScope ? undefined : 'api_call');
      if (limit) {
        const l = RATE_LIMITS[limit];
        // Read by @fastify/rate-limit (registered after this plugin); groupId makes the counter per limit name.
        const perIp = 'perIp' in l ? { keyGenerator: (req: { ip: string }) => `ip:${req.ip}` } : {};
        (config as Record<string, unknown>).rateLimit = { max: l.max, timeWindow: l.windowMs, groupId: limit, skipOnError: !l.failClosed, ...perIp };
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registry.push({ method, url, access: config.access, limit, eventStream: config.eventStream === true });
      }
    });

    app.addHook('onRequest', async (req) => {
      const raw = req.cookies[cookieName];
      if (raw) req.session = await loadSession(app.db, raw, opts.lifetime);
      const access = req.routeOptions.config.access;
      // The studio credential is read only where it is used (speaker routes), not on every request.
      const studioRaw = access === 'speaker' ? req.cookies[studioCookie] : undefined;
      if (studioRaw) req.studioSessionId = await checkStudioCredential(app.db, studioRaw);

      if (UNSAFE.has(req.method)) {
        const origin = req.headers.origin;
        if (origin && origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`) {
          throw httpError(403, 'Cross-site request refused');
        }
        const { csrf } = req.routeOptions.config;
        // 'origin' routes (third-party UIs) need our Origin instead of the token. Speaker routes act on the
        // studio credential, not the member session: their cross-site protection is that cookie's
        // SameSite=Strict plus the Origin check above.
        if (csrf === 'origin') {
          if (req.session && origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`) throw httpError(403, 'Cross-site request refused: this call must come from our own pages');
        } else if (req.session && access && access !== 'speaker' && !(csrf === false && access === 'public') && req.headers['x-csrf-token'] !== req.session.csrfToken) {
          throw httpError(403, 'Invalid or missing CSRF token: reload the page and try again');
        }
      }

      if (access === 'speaker' && !req.studioSessionId) {
        // A studio socket refuses with a close code in its handler instead (see FastifyContextConfig.studioSocket).
        if (!(req.routeOptions.config.studioSocket && isWebSocketUpgrade(req))) {
          throw httpError(401, 'Studio sign-in expired: authenticate again with your session token');
        }
      }
      if (access === 'member' || access === 'admin') {
        if (!req.session) throw httpError(401, 'Please sign in to continue');
        if (access === 'admin' && !req.session.isAdmin) {
          await audit(app.db, 'admin_access_refused', { userId: req.session.userId, ip: req.ip, userAgent: req.headers['user-agent'] }, { route: `${req.method} ${req.routeOptions.url}` });
          throw httpError(403, 'Admin access required');
        }
      }
    });
  },
  { name: 'access', dependencies: ['db'] },
);
