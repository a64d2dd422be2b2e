import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isWebRoute, PUBLIC_ROUTES } from '@app/common/routes';
import { INVESTOR_ID_SEARCH_MAX, isLedgerSearch } from '@app/common/domain/ledger-search';
import { ledgerSummary, listLedger } from '@app/common/server/ledger.repository';
import { loadProgramSeed } from '@app/common/server/program/cohorts.repository';
import type { TProgramView } from '@app/common/schemas/program';
import { allowScriptHashes } from './security';

/** What scripts/prerender-web.ts writes to dist/pages/manifest.json. */
interface PagesManifest {
  pages: Record<string, { file: string; live?: 'ledger' | 'program' }>;
  notFound: string;
  /** CSP hashes of the pages' inline script (the loader that starts the app after the first paint). */
  scriptHashes?: string[];
}

/** The parts of the built server entry (web/dist-ssr/entry-server.js) the API uses to render /token-ledger and the program pages. */
interface ServerEntry {
  renderPage(url: string, seed: unknown, program?: TProgramView | null): Promise<string>;
  ledgerSeed(summary: unknown, page: unknown, search: string): unknown;
  pageMeta(route: string, origin: string, program: TProgramView | null): unknown;
  headTags(meta: unknown, path: string, opts: { index: boolean }): string;
  LEDGER_SEED_ID: string;
  PROGRAM_SEED_ID: string;
  ORIGIN_TOKEN: string;
}

const LIVE_BODY = '<!--live-body-->';
const LIVE_HEAD = '<!--live-head-->';
/** Program pages rendered for distinct program views, kept per process (a seat taken or a state change is a new view). */
const PROGRAM_PAGES_KEPT = 64;
const NOINDEX = '<meta name="robots" content="noindex">';

/** The chunks of a path's page (route-preloads.json), so its code downloads together with the entry chunk. */
const routeChunks = (preloads: Record<string, string[]>, route: string): string[] =>
  (preloads[route] ?? []).filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));

/** A modulepreload link for each chunk of a path's page, in the head of the shell. */
function preloadLinks(preloads: Record<string, string[]>, route: string): string {
  return routeChunks(preloads, route)
    .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
    .join('');
}

/** The loader a prerendered page ends with (scripts/prerender-web.ts): it requests the entry and data-preload after the first paint. */
const LOADER = /<script data-entry="(\/assets\/[\w.-]+\.js)" data-preload="([^"]*)">/;

/**
 * A built page with its page's chunks: handed to its loader (requested with the entry, after the first paint) when it
 * has one; else (a build from before the loader) as modulepreload links in the head.
 */
function withPreloads(html: string, preloads: Record<string, string[]>, route: string): string {
  if (!LOADER.test(html)) return html.replace('</head>', `${preloadLinks(preloads, route)}</head>`);
  return html.replace(LOADER, (_m, entry: string, own: string) => `<script data-entry="${entry}" data-preload="${[own, ...routeChunks(preloads, route)].filter(Boolean).join(' ')}">`);
}

/** The `search` of a /token-ledger address (what the page's GET form sends), trimmed and at most the longest accepted. */
function ledgerSearchOf(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return (new URLSearchParams(query).get('search') ?? '').trim().slice(0, INVESTOR_ID_SEARCH_MAX + 1);
}

const readJson = <T,>(file: string, fallback: T): T => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback);

/**
 * A page as sent: the HTML, and its brotli and gzip encodings made once (pages carry their stylesheet inline);
 * `loader`: it carries the inline loader script, which its CSP allows by hash.
 */
interface Encoded { raw: Buffer; br?: Buffer; gzip?: Buffer; loader?: boolean }
// Built pages get brotli's best (once, at start); the ledger page, rebuilt after each ledger change, a fast level.
const encode = (raw: Buffer, quality = 11): Encoded => ({
  raw,
  loader: LOADER.test(raw.toString('utf8')),
  br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: gzipSync(raw, { level: quality >= 9 ? 9 : 6 }),
});

/**
 * Serves the built web app from one origin with the API. The public pages are HTML rendered at build time (with
 * their title, description, canonical URL and share tags, PUBLIC_URL filled in here); /token-ledger is rendered here
 * with the ledger's current summary and first page, kept until the ledger changes (app.ledgerCache); the program pages
 * (PROGRAM_ROUTES) with the current cohort (loadProgramSeed), per distinct program view. Other app routes
 * get the shell (marked noindex) with 200, unknown paths the 404 page with status 404, unknown /api paths a JSON 404.
 * Hashed assets are cached for a year; pages are never cached.
 */
export const webPlugin = fp<{ distDir: string; publicUrl: string }>(
  async (app, opts) => {
    const indexPath = path.join(opts.distDir, 'index.html');
    const built = existsSync(indexPath);
    if (built) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text asset (web/vite.config.ts): served as is to browsers that accept them.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: only the API is served (run npm run build:web)');
    }

    const preloads = readJson<Record<string, string[]>>(path.join(opts.distDir, 'route-preloads.json'), {});
    const pagesDir = path.join(opts.distDir, 'pages');
    const manifest = readJson<PagesManifest | null>(path.join(pagesDir, 'manifest.json'), null);
    const withOrigin = (html: string) => html.split('__PUBLIC_URL__').join(opts.publicUrl);
    const page = (file: string, route: string) => withPreloads(withOrigin(readFileSync(path.join(pagesDir, file), 'utf8')), preloads, route);
    const scriptHashes = manifest?.scriptHashes ?? [];

    const shellHtml = built ? readFileSync(indexPath, 'utf8') : null;
    const shell = shellHtml ? encode(Buffer.from(shellHtml.replace('</head>', `${NOINDEX}</head>`))) : null;
    const pages = new Map<string, Encoded>();
    let ledgerTemplate: string | null = null;
    const programTemplates = new Map<string, string>();
    for (const [route, { file, live }] of Object.entries(manifest?.pages ?? {})) {
      if (live === 'ledger') ledgerTemplate = page(file, route);
      else if (live === 'program') programTemplates.set(route, page(file, route));
      else pages.set(route, encode(Buffer.from(page(file, route))));
    }
    /** The client-rendered routes' small shell with their chunk preloads (paths may carry ids: built per request, sent as is). */
    const shellFor = (route: string): Encoded => ({ raw: Buffer.from(shellHtml!.replace('</head>', `${preloadLinks(preloads, route)}${NOINDEX}</head>`)) });
    const notFound = manifest ? encode(Buffer.from(page(manifest.notFound, ''))) : shell;
    const entryPath = path.join(opts.distDir, '..', 'dist-ssr', 'entry-server.js');
    let entry: Promise<ServerEntry> | null = null;

    /**
     * /token-ledger with the current figures in its HTML, and with `search` (the page's own GET form, so the search
     * works without JavaScript) that search's first page. The unsearched page is kept until the ledger changes (once
     * per process); a searched one is rendered per request.
     */
    const renderLedger = async (template: string, search: string) => {
      entry ??= import(pathToFileURL(entryPath).href) as Promise<ServerEntry>;
      const ssr = await entry;
      // A search the API would refuse is not run: the page shows its message over the unsearched figures.
      const valid = search !== '' && isLedgerSearch(search);
      const [summary, first] = await Promise.all([ledgerSummary(app.db), listLedger(app.db, { search: valid ? search : '', page: 1, pageSize: 50 })]);
      const seed = ssr.ledgerSeed(summary, first, valid ? search : '');
      // React puts the page's <title> first in what it renders; the head already has it.
      const url = search ? `/token-ledger?${new URLSearchParams({ search }).toString()}` : '/token-ledger';
      const body = (await ssr.renderPage(url, seed)).replace(/^<title>[^<]*<\/title>/, '');
      const data = `<script type="application/json" id="${ssr.LEDGER_SEED_ID}">${JSON.stringify(seed).replace(/</g, '\\u003c')}</script>`;
      // The seed right after #root (as in the built pages), ahead of the loader that starts the app which reads it.
      return encode(Buffer.from(template.replace(`${LIVE_BODY}</div>`, `${body}</div>${data}`)), 5);
    };
    const ledgerPage = (template: string, search: string) =>
      search === '' ? app.ledgerCache.get('ledger-page', () => renderLedger(template, '')) : renderLedger(template, search);

    /**
     * A program page (PROGRAM_ROUTES) with the program's current facts (loadProgramSeed: the cohort presented, its
     * state and free seats) in its head (description, the cohort's JSON-LD Event) and body, and the seed the browser
     * starts from. Rendered once per distinct view (the view without its `asOf`), so a page is rendered again only
     * when what it shows changed.
     */
    const programPages = new Map<string, Promise<Encoded>>();
    const programPage = async (template: string, route: string): Promise<Encoded> => {
      const seed = await loadProgramSeed(app.db, app.clock());
      const key = `${route} ${JSON.stringify({ ...seed, asOf: null })}`;
      let rendered = programPages.get(key);
      if (!rendered) {
        rendered = (async () => {
          entry ??= import(pathToFileURL(entryPath).href) as Promise<ServerEntry>;
          const ssr = await entry;
          const head = withOrigin(ssr.headTags(ssr.pageMeta(route, ssr.ORIGIN_TOKEN, seed), route, { index: true }));
          const body = (await ssr.renderPage(route, null, seed)).replace(/^<title>[^<]*<\/title>/, '');
          const data = `<script type="application/json" id="${ssr.PROGRAM_SEED_ID}">${JSON.stringify(seed).replace(/</g, '\\u003c')}</script>`;
          return encode(Buffer.from(template.replace(LIVE_HEAD, head).replace(`${LIVE_BODY}</div>`, `${body}</div>${data}`)), 5);
        })();
        rendered.catch(() => programPages.delete(key));
        if (programPages.size >= PROGRAM_PAGES_KEPT) programPages.delete(programPages.keys().next().value!);
        programPages.set(key, rendered);
      }
      return rendered;
    };

    // What search engines may list: exactly the public pages (common/src/routes.ts), on PUBLIC_URL.
    const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${PUBLIC_ROUTES.map((r) => `  <url><loc>${opts.publicUrl}${r}</loc></url>`).join('\n')}\n</urlset>\n`;
    const robots = `User-agent: *\nDisallow: /api/\nDisallow: /admin/\nDisallow: /checkout/\nAllow: /\n\nSitemap: ${opts.publicUrl}/sitemap.xml\n`;
    app.get('/sitemap.xml', { config: { access: 'public' }, schema: { summary: 'The public pages, for search engines', produces: ['application/xml'] } }, async (_req, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
    app.get('/robots.txt', { config: { access: 'public' }, schema: { summary: 'Crawling rules and the sitemap', produces: ['text/plain'] } }, async (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));

    app.setNotFoundHandler(async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      // The queue dashboard's files and calls are not pages of the web app either.
      const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/admin/queues/');
      if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${req.method} ${pathname}`, requestId: req.id });
      }
      if (!shell) {
        return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
      }
      const known = isWebRoute(pathname);
      if (!known) req.log.info({ path: pathname }, 'page not found');
      const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      let body: Encoded;
      if (!known) body = notFound ?? shell;
      else if (route === '/token-ledger' && ledgerTemplate) body = await ledgerPage(ledgerTemplate, ledgerSearchOf(req.url));
      else if (programTemplates.has(route)) body = await programPage(programTemplates.get(route)!, route);
      else body = pages.get(route) ?? shellFor(route);
      reply.status(known ? 200 : 404).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const csp = reply.getHeader('content-security-policy');
      if (body.loader && typeof csp === 'string') reply.header('content-security-policy', allowScriptHashes(csp, scriptHashes));
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (body.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
      if (body.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
      return reply.send(body.raw);
    });
  },
  { name: 'web', dependencies: ['ledger-cache'] },
);
