/** Process and file helpers of the service finders, and the last-resort cleanup run on exit. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const exitCleanups = new Map<number, () => void>();
let nextCleanupId = 0;
let hooks: { exit: () => void; signals: Array<[NodeJS.Signals, () => void]> } | undefined;

function runExitCleanups(): void {
  for (const fn of exitCleanups.values()) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
  exitCleanups.clear();
}

/** Registers a synchronous cleanup run when the process exits; returns its unregister function. */
export function registerExitCleanup(fn: () => void): () => void {
  if (!hooks) {
    const exit = () => runExitCleanups();
    process.on('exit', exit);
    const signals: Array<[NodeJS.Signals, () => void]> = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((sig) => {
      const handler = () => {
        // Another handler owns this signal (and is expected to call stop() or exit, which runs the 'exit' hook).
        if (process.listenerCount(sig) > 1) return;
        // Nobody else handles it: clean up, then die of the signal as we would have without this handler.
        runExitCleanups();
        removeHooks();
        process.kill(process.pid, sig);
      };
      process.on(sig, handler);
      return [sig, handler];
    });
    hooks = { exit, signals };
  }
  const id = nextCleanupId++;
  exitCleanups.set(id, fn);
  return () => {
    exitCleanups.delete(id);
    if (exitCleanups.size === 0) removeHooks();
  };
}

function removeHooks(): void {
  if (!hooks) return;
  process.removeListener('exit', hooks.exit);
  for (const [sig, handler] of hooks.signals) process.removeListener(sig, handler);
  hooks = undefined;
}

export function describeExit(r: { code: number | null; signal: NodeJS.Signals | null }): string {
  return r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
}

export function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

export async function tailFile(file: string, lines = 15): Promise<string> {
  try {
    const fh = await fsp.open(file, 'r');
    try {
      const { size } = await fh.stat();
      const len = Math.min(size, 8192);
      const buf = Buffer.alloc(len);
      await fh.read(buf, 0, len, size - len);
      return lastLines(buf.toString('utf8'), lines) || '(empty)';
    } finally {
      await fh.close();
    }
  } catch {
    return '(no log)';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** True if `promise` settles within `ms` (the timer never outlives the answer). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

export function killQuietly(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
}

export function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, cmd);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

export function safeRealpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

export function samePath(a: string, b: string): boolean {
  return a !== '' && safeRealpath(a) === safeRealpath(b);
}

export function displayPath(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

/** POSIX shell single-quoting (pg_ctl passes -o through /bin/sh). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
  }
}

export function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v;
}

export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // ioredis/pg may wrap the socket error (AggregateError for multi-address connects)
  const inner = (err as { errors?: unknown[] }).errors?.[0];
  return inner ? errorCode(inner) : undefined;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    if (err.message) return err.message;
    const inner = (err as { errors?: unknown[] }).errors?.[0];
    if (inner) return errorMessage(inner);
    return err.name;
  }
  return String(err);
}
