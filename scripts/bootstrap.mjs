#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run dev` and `npm run bench`. Plain Node with no
// dependencies, so it runs on a bare machine: installs what is missing, then hands over. `npm start`
// (production-like) compiles the servers (scripts/build.mjs) and runs the compiled supervisor,
// scripts/dist/start.js, in this same process, which starts the API and the worker as plain Node: one
// supervisor plus the servers. The other commands run the TypeScript script of the same name under tsx.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'start', ...args] = process.argv.slice(2);
const scripts = { start: 'scripts/start.ts', dev: 'scripts/dev.ts', test: 'scripts/test.ts', bench: 'scripts/bench.ts' };
if (!(command in scripts)) {
  console.error(`unknown command ${command}; expected one of ${Object.keys(scripts).join(', ')}`);
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
  process.exit(1);
}

function needsInstall() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker) || !existsSync(path.join(root, 'node_modules/.bin/tsx'))) return true;
  const lock = path.join(root, 'package-lock.json');
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (needsInstall()) {
  // `npm install`, not `npm ci`: the lockfile pins every version, but registries that serve only this
  // platform's optional binaries (rollup, esbuild) leave the other platforms' entries out of the lock,
  // and `npm ci` then refuses it as out of sync. `npm install` installs the locked versions unchanged.
  console.log('[setup] installing dependencies (npm install, locked versions)...');
  const started = Date.now();
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[setup] npm install failed; see the output above.');
    process.exit(r.status ?? 1);
  }
  console.log(`[setup] dependencies installed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (command === 'start') {
  // Built on every start (about 2 s), so what runs is never older than the sources.
  const { buildServer } = await import('./build.mjs');
  await buildServer();
  await import(pathToFileURL(path.join(root, 'scripts/dist/start.js')).href);
} else {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(root, scripts[command]), ...args], { cwd: root, stdio: 'inherit' });
  // The child handles Ctrl-C itself (it owns the services it started); we only relay termination.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
