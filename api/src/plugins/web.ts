import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isWebRoute } from '@app/common/routes';

/**
 * The shell for each path listed in the build's route-preloads.json, with a modulepreload link for each chunk of
 * that path's page, so the browser fetches the page's code together with the entry chunk (one round trip less).
 */
function routeShells(html: string, preloadsPath: string): Map<string, Buffer> {
  const shells = new Map<string, Buffer>();
  if (!existsSync(preloadsPath)) return shells;
  const preloads = JSON.parse(readFileSync(preloadsPath, 'utf8')) as Record<string, string[]>;
  for (const [route, files] of Object.entries(preloads)) {
    const links = files.filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
    shells.set(route, Buffer.from(html.replace('</head>', `${links}</head>`)));
  }
  return shells;
}

/**
 * Serves the built web app from one origin with the API. Known app routes get the shell with 200,
 * unknown paths get the same shell (which renders the 404 page) with status 404, and unknown /api
 * paths get a JSON 404. Hashed assets are cached for a year; the shell is never cached.
 */
export const webPlugin = fp<{ distDir: string }>(
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
    const shell = built ? readFileSync(indexPath) : null;
    const shells = shell ? routeShells(shell.toString('utf8'), path.join(opts.distDir, 'route-preloads.json')) : new Map<string, Buffer>();

    app.setNotFoundHandler((req, reply) => {
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
      const page = shells.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? shell;
      return reply.status(known ? 200 : 404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });
  },
  { name: 'web' },
);
