import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type PluginOption, type ProxyOptions } from 'vite';

/** This folder (web/): the app's root, so `vite web` and `vite build web` work from the repository root. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The repository root: one .env there configures the API and the web app (only VITE_* values reach the browser). */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, repoRoot, ''), ...process.env };
  const target = `http://127.0.0.1:${env.API_PORT ?? 3000}`;
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target, changeOrigin: false },
    '/files': { target },
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
    plugins: [react(), tailwindcss()] as PluginOption[],
    build: { outDir: 'dist', emptyOutDir: true },
    server: { proxy },
    preview: { proxy },
  };
});
