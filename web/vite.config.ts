import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type PluginOption, type ProxyOptions } from 'vite';
import type { PRERENDERED_PRIVATE_ROUTES, PUBLIC_ROUTES } from '../common/src/routes';

/** This folder (web/): the app's root, so `vite web` and `vite build web` work from the repository root. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The repository root: one .env there configures the API and the web app (only VITE_* values reach the browser). */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build, which the API serves (preCompressed) to browsers
 * that accept them: compressed once at build time at the highest levels instead of on every request.
 */
function precompress(): PluginOption {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'adx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      }
    },
  };
}

/**
 * The pages worth fetching with the HTML: for each path, the page's source (and any module main.tsx loads with it).
 * Written to dist/route-preloads.json as the chunk files (with their static imports); the API hands them to the
 * prerendered page's loader (modulepreloads beside the entry) and adds `<link rel="modulepreload">` for them to the app
 * shell it serves at that path, so the page's code downloads in parallel with the entry chunk instead of after it (the
 * app is not ready until the page has hydrated: on a slow CPU a second download round trip delays it). Every
 * prerendered page is here (the type check fails otherwise); keep in step with PAGES in src/app.tsx.
 */
const ROUTE_PRELOADS: Record<(typeof PUBLIC_ROUTES)[number] | (typeof PRERENDERED_PRIVATE_ROUTES)[number], string[]> = {
  '/': ['src/routes/Home.tsx'],
  '/pitch-deck': ['src/routes/PitchDeck.tsx'],
  '/token-ledger': ['src/routes/TokenLedger.tsx'],
  '/dog-pound': ['src/routes/DogPound.tsx'],
  '/incubator': ['src/routes/IncubatorInfo.tsx'],
  '/incubator-application': ['src/routes/IncubatorApplication.tsx'],
  '/events/i-am-the-business': ['src/routes/EventDetails.tsx'],
  // Pages that read the API through TanStack Query load its provider with them (lazyPage in src/app.tsx).
  '/business-ecosystem': ['src/routes/BusinessEcosystem.tsx', 'src/lib/query.tsx'],
  '/donation-success': ['src/features/payments/DonationSuccess.tsx', 'src/lib/query.tsx'],
  '/payment-success': ['src/routes/PaymentSuccess.tsx', 'src/lib/query.tsx'],
};

function routePreloads(): PluginOption {
  return {
    name: 'adx-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const out: Record<string, string[]> = {};
      for (const [route, sources] of Object.entries(ROUTE_PRELOADS)) {
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || file === entry?.fileName) return;
          files.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) add(dep);
        };
        for (const source of sources) {
          const suffix = `/web/${source}`;
          const norm = (id: string | null) => (id ?? '').replace(/\\/g, '/');
          // Usually the page's own chunk; Rollup may also fold a page into a chunk it shares (no facade then).
          const chunk = chunks.find((c) => norm(c.facadeModuleId).endsWith(suffix)) ?? chunks.find((c) => c.moduleIds.some((id) => norm(id).endsWith(suffix)));
          if (!chunk) this.error(`route preload: no chunk holds ${source}`);
          add(chunk.fileName);
        }
        out[route] = [...files].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out, null, 2) });
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = { ...loadEnv(mode, repoRoot, ''), ...process.env };
  const target = `http://127.0.0.1:${env.API_PORT ?? 3000}`;
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target, changeOrigin: false },
    '/files': { target },
    '/healthz': { target },
    '/readyz': { target },
    // The ledger's signed checkpoint and key (plain text beside the ledger page).
    '/ledger/checkpoint': { target },
    '/ledger/key': { target },
    '/socket.io': { target, ws: true },
    '/ws': { target, ws: true },
  };
  return {
    root: webRoot,
    envDir: repoRoot,
    // The cast bridges duplicate Vite installs (the plugins are typed against the hoisted root copy, this file
    // against web/node_modules/vite); at run time they are ordinary plugin objects that either version accepts.
    // The server entry (scripts/prerender-web.ts) needs neither the preload list nor compressed copies.
    plugins: (isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), routePreloads(), precompress()]) as PluginOption[],
    build: { outDir: 'dist', emptyOutDir: true },
    server: { proxy },
    preview: { proxy },
  };
});
