import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type PluginOption, type ProxyOptions } from 'vite';

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

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, repoRoot, ''), ...process.env };
  const target = `http://127.0.0.1:${env.API_PORT ?? 3000}`;
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target, changeOrigin: false },
    '/healthz': { target },
    '/readyz': { target },
    '/socket.io': { target, ws: true },
    '/ws': { target, ws: true },
  };
  return {
    root: webRoot,
    envDir: repoRoot,
    // The cast bridges duplicate Vite installs (the plugins are typed against the hoisted root copy, this file
    // against web/node_modules/vite); at run time they are ordinary plugin objects that either version accepts.
    plugins: [react(), tailwindcss(), precompress()] as PluginOption[],
    build: { outDir: 'dist', emptyOutDir: true },
    server: { proxy },
    preview: { proxy },
  };
});
