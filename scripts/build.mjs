#!/usr/bin/env node
// `npm run build:server`: bundles each server process into one JavaScript file with esbuild, so production
// runs plain `node` instead of compiling TypeScript at start (tsx stays for `npm run dev` and the tests).
// Our code (the entry, its folder and @app/common) goes into the bundle; npm packages stay external and load
// from node_modules. Plain JavaScript, like bootstrap.mjs, because it runs before anything can run TypeScript.
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each process's entry and the file it is bundled into. */
const ENTRIES = {
  'api/dist/server.js': 'api/src/server.ts',
  // The studio's ingest process, which the API starts beside itself (api/src/modules/studio/ingest-host.ts).
  'api/dist/ingest.js': 'api/src/modules/studio/ingest-process.ts',
  'worker/dist/main.js': 'worker/src/main.ts',
  // `npm start`'s supervisor and the one-off commands production needs.
  'scripts/dist/start.js': 'scripts/start.ts',
  'scripts/dist/migrate.js': 'scripts/migrate.ts',
  'scripts/dist/seed.js': 'scripts/seed.ts',
  'scripts/dist/grant-admin.js': 'scripts/grant-admin.ts',
};

/**
 * Packages bundled although they are npm packages: @react-email/components re-exports every component, and
 * loading it whole (its Tailwind compiler included) costs the worker about 40 MB of memory for the few we use;
 * bundled, esbuild keeps only those.
 */
const BUNDLED = /^@react-email\//;

/** `@scope/name` or `name`: the package a bare import names. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The version of package `name` Node finds from `dir`, walking up node_modules as Node does. */
function packageVersion(name, dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    const file = path.join(d, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * Leaves npm packages out of the bundle, as esbuild's `packages: 'external'` does, except our workspaces
 * (@app/*) and {@link BUNDLED}, and except a package that the bundle's folder would resolve to another version than the importing
 * source file does (a workspace's own node_modules holding another version than the root's): that one is
 * bundled, so each file keeps the version its workspace declares.
 */
function externalPackages(outDir) {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || args.path.startsWith('@app/') || BUNDLED.test(args.path)) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const name = packageName(args.path);
        const fromSource = packageVersion(name, args.resolveDir);
        return fromSource && fromSource !== packageVersion(name, outDir) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Writes every bundle of {@link ENTRIES}; returns the files written. */
export async function buildServer() {
  await Promise.all(
    Object.entries(ENTRIES).map(([out, entry]) =>
      build({
        absWorkingDir: root,
        entryPoints: [entry],
        outfile: out,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        plugins: [externalPackages(path.join(root, path.dirname(out)))],
        // A CommonJS package bundled into this ES module still calls require() for Node's own modules.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      }),
    ),
  );
  // esbuild's service process would otherwise live on beside `npm start`'s supervisor.
  await stop();
  return Object.keys(ENTRIES);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const files = await buildServer();
  console.log(`[build] ${files.join(', ')} in ${Date.now() - started} ms`);
}
