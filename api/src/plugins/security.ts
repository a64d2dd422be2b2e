import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The CSP `csp` with these script hashes (`'sha256-…'`) added to script-src: the prerendered pages' one inline script
 * (the loader that starts the app after the first paint, scripts/prerender-web.ts) is allowed on those pages only, by
 * its hash, never with 'unsafe-inline'.
 */
export function allowScriptHashes(csp: string, hashes: string[]): string {
  const valid = hashes.filter((h) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h));
  if (valid.length === 0) return csp;
  return csp.replace(/(^|;)\s*script-src ([^;]*)/, (_m, sep: string, sources: string) => `${sep}script-src ${sources} ${valid.join(' ')}`);
}

/**
 * The policy of a JSON answer: it is data, never a document, so nothing may load or run in it and nothing may frame it
 * (the API part of OWASP's REST security headers). Sent instead of the pages' CSP on every application/json response.
 */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * Headers that only govern a document (how it opens windows, its agent cluster, DNS prefetching, IE's download
 * prompt, Flash/PDF cross-domain policies, the old XSS auditor, the Referer its links send): not sent with JSON.
 * nosniff, X-Frame-Options, Cross-Origin-Resource-Policy (no cross-origin no-cors reads) and HSTS stay.
 */
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'referrer-policy'];

/**
 * Browser security headers: a CSP the built app satisfies (scripts only from our origin, no inline
 * script but the prerendered pages' loader, which api/src/plugins/web.ts allows by its hash on those pages
 * with allowScriptHashes; images and media also from the storage's public origin when one is set), nosniff, no framing
 * (frame-ancestors 'none'), and HSTS in production. JSON answers carry the data policy instead (DATA_CSP below).
 *
 * Helmet's middleware is built once here and run on every request. (@fastify/helmet 13 called helmet(options)
 * on every request, re-parsing the CSP directives and rebuilding every header each time: ~10 % of a cached
 * ledger answer's CPU in a profile, see docs/benchmarks.md.)
 */
export const securityPlugin = fp<{ production: boolean; mediaOrigins?: string[] }>(
  async (app, opts) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Component libraries inject <style> elements (scroll locking, transitions).
          'style-src': ["'self'", "'unsafe-inline'"],
          // Flyers and archive thumbnails are served from the storage's public origin when one is set.
          'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.discordapp.com', ...(opts.mediaOrigins ?? [])],
          'media-src': ["'self'", 'blob:', ...(opts.mediaOrigins ?? [])],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(opts.production ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Not helmet's no-referrer: with it browsers send `Origin: null` on form posts, which the origin check refuses.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (req, reply, done) => {
      applyHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
    // JSON answers get the data policy (DATA_CSP) instead of the pages' one; about 700 bytes less on every API answer.
    app.addHook('onSend', (_req, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) {
        for (const name of DOCUMENT_ONLY) reply.raw.removeHeader(name);
        reply.raw.setHeader('content-security-policy', DATA_CSP);
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
