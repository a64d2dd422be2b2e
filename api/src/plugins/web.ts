import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isWebRoute, PROGRAM_ROUTES, PUBLIC_ROUTES } from '@app/common/routes';
import { INVESTOR_ID_SEARCH_MAX, isLedgerSearch } from '@app/common/domain/ledger-search';
import { listLedger } from '@app/common/server/ledger/ledger-page.repository';
import { ledgerSummary } from '@app/common/server/ledger/ledger-totals.repository';
import type { TProgramView } from '@app/common/schemas/program';
import type { TSiteData } from '@app/common/schemas/site';
import { loadProgramSeed } from '@app/common/server/program/cohorts.repository';
import { loadSiteSeed } from '@app/common/server/site/site.repository';
import { allowScriptHashes } from './security';

/** What scripts/prerender-web.ts writes to dist/pages/manifest.json. */
interface PagesManifest {
  /** The built index.html every page is composed into (inline stylesheet, the loader). */
  shell: string;
  /** The pages rendered here, and whether search engines may list each. */
  pages: Record<string, { index: boolean }>;
  /** CSP hashes of the pages' inline script (the loader that starts the app after the first paint). */
  scriptHashes?: string[];
}

type MetaRoute = string;
/** The parts of the built server entry (web/dist-ssr/entry-server.js) the API renders pages with. */
interface ServerEntry {
  renderDocument(shell: string, page: { route: MetaRoute; url: string; index: boolean; site: TSiteData; ledger?: unknown; program?: TProgramView | null }): Promise<string>;
  ledgerSeed(summary: unknown, page: unknown, search: string): unknown;
}

const NOINDEX = '<meta name="robots" content="noindex">';
/** Pages kept per content revision before the oldest goes (program views change with seats and dates). */
const PROGRAM_VIEWS_KEPT = 256;

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
 * Serves the built web app from one origin with the API. The public pages (and the payment success pages' neutral
 * shell, and the 404 page) are rendered here from the server entry with the site's content (loadSiteSeed: settings
 * admins edit, the token sale), PUBLIC_URL filled in, and kept per content revision: a change to that content
 * (app.siteRevision hears it from every replica's Postgres LISTEN, or its poll) renders them again on the next
 * request. /token-ledger also carries the ledger's current summary and first page, kept until the ledger changes
 * (app.ledgerCache). Other app routes get the shell (marked noindex) with 200, unknown paths the 404 page with status
 * 404, unknown /api paths a JSON 404. Hashed assets are cached for a year; pages are never cached.
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
    const pageShell = manifest?.shell ? readFileSync(path.join(pagesDir, manifest.shell), 'utf8') : null;
    const scriptHashes = manifest?.scriptHashes ?? [];

    const shellHtml = built ? readFileSync(indexPath, 'utf8') : null;
    const shell = shellHtml ? encode(Buffer.from(shellHtml.replace('</head>', `${NOINDEX}</head>`))) : null;
    /** The client-rendered routes' small shell with their chunk preloads (paths may carry ids: built per request, sent as is). */
    const shellFor = (route: string): Encoded => ({ raw: Buffer.from(shellHtml!.replace('</head>', `${preloadLinks(preloads, route)}${NOINDEX}</head>`)) });
    const entryPath = path.join(opts.distDir, '..', 'dist-ssr', 'entry-server.js');
    let entry: Promise<ServerEntry> | null = null;
    const ssr = () => (entry ??= import(pathToFileURL(entryPath).href) as Promise<ServerEntry>);

    /** One page rendered with `site` (and the ledger's first page on /token-ledger, the program view on the program pages), encoded to send. */
    const render = async (route: string, url: string, site: TSiteData, ledger?: unknown, program?: TProgramView): Promise<Encoded> => {
      const html = await (await ssr()).renderDocument(pageShell!, { route: route || '404', url: route ? url : '/__not-found__', index: manifest!.pages[route]?.index ?? false, site, ledger, program });
      // Pages made once per content revision get a good brotli level; the ledger page, made after each ledger change, a fast one.
      return encode(Buffer.from(withPreloads(withOrigin(html), preloads, route)), ledger ? 5 : 9);
    };

    /**
     * The rendered pages of one content revision, each made on its first request. A request that knows of a newer
     * revision (app.siteRevision) starts a new set; the seed a set is rendered with names its own revision.
     */
    let rendered: { revision: number; year: number; site: Promise<TSiteData>; pages: Map<string, Promise<Encoded>> } | null = null;
    const currentSet = () => {
      const known = app.siteRevision.current;
      // The footer shows the current year: a new year renders the pages again too.
      const year = new Date().getFullYear();
      if (!rendered || rendered.revision < known || rendered.year !== year) {
        const site = loadSiteSeed(app.db);
        const set = { revision: known, year, site, pages: new Map<string, Promise<Encoded>>() };
        rendered = set;
        site.then((s) => app.siteRevision.saw(s.revision)).catch(() => {
          if (rendered === set) rendered = null;
        });
      }
      return rendered;
    };
    const sitePage = (route: string, url: string): Promise<Encoded> => {
      const set = currentSet();
      let page = set.pages.get(route);
      if (!page) {
        page = set.site.then((site) => render(route, url, site));
        set.pages.set(route, page);
        page.catch(() => set.pages.delete(route));
      }
      return page;
    };

    /**
     * A program page (PROGRAM_ROUTES) with the program's current facts (loadProgramSeed: the cohort presented, its
     * state and free seats, read per request at app.clock()) in its head (description, the cohort's JSON-LD Event) and
     * body. Kept in the content revision's set per distinct view (the view without its `asOf`), so a page is rendered
     * again only when what it shows changed; at most PROGRAM_VIEWS_KEPT pages per revision.
     */
    const programPage = async (route: string): Promise<Encoded> => {
      const set = currentSet();
      const program = await loadProgramSeed(app.db, app.clock());
      const key = `${route} ${JSON.stringify({ ...program, asOf: null })}`;
      let page = set.pages.get(key);
      if (!page) {
        page = set.site.then((site) => render(route, route, site, undefined, program));
        if (set.pages.size >= PROGRAM_VIEWS_KEPT) set.pages.delete(set.pages.keys().next().value!);
        set.pages.set(key, page);
        page.catch(() => set.pages.delete(key));
      }
      return page;
    };
    const programRoutes = new Set<string>(PROGRAM_ROUTES);

    /**
     * /token-ledger with the current figures in its HTML, and with `search` (the page's own GET form, so the search
     * works without JavaScript) that search's first page. The unsearched page is kept until the ledger or the site's
     * content changes (once per process); a searched one is rendered per request.
     */
    const renderLedger = async (search: string) => {
      const entryModule = await ssr();
      // A search the API would refuse is not run: the page shows its message over the unsearched figures.
      const valid = search !== '' && isLedgerSearch(search);
      const [summary, first, site] = await Promise.all([ledgerSummary(app.db), listLedger(app.db, { search: valid ? search : '', page: 1, pageSize: 50 }), currentSet().site]);
      const seed = entryModule.ledgerSeed(summary, first, valid ? search : '');
      const url = search ? `/token-ledger?${new URLSearchParams({ search }).toString()}` : '/token-ledger';
      return render('/token-ledger', url, site, seed);
    };
    const ledgerPage = (search: string) => {
      if (search !== '') return renderLedger(search);
      const set = currentSet();
      return app.ledgerCache.get(`ledger-page:${set.revision}:${set.year}`, () => renderLedger(''));
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
      if (!pageShell) body = known ? shellFor(route) : shell;
      else if (!known) body = await sitePage('', '/__not-found__');
      else if (route === '/token-ledger') body = await ledgerPage(ledgerSearchOf(req.url));
      else if (programRoutes.has(route) && manifest!.pages[route]) body = await programPage(route);
      else if (manifest!.pages[route]) body = await sitePage(route, route);
      else body = shellFor(route);
      reply.status(known ? 200 : 404).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const csp = reply.getHeader('content-security-policy');
      if (body.loader && typeof csp === 'string') reply.header('content-security-policy', allowScriptHashes(csp, scriptHashes));
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (body.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
      if (body.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
      return reply.send(body.raw);
    });
  },
  { name: 'web', dependencies: ['ledger-cache', 'site-revision'] },
);
