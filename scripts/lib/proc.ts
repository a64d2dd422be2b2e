import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';

/** A child process whose output lines are prefixed with its name. */
export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number>;
}

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];
let colorIndex = 0;

/**
 * Spawns `cmd` in its own process group (so a terminal Ctrl-C reaches only us and we stop children in
 * order) and prefixes each output line with `[name]`.
 */
export function startProcess(name: string, cmd: string, args: string[], opts: SpawnOptions = {}): Managed {
  const color = process.stdout.isTTY ? (COLORS[colorIndex++ % COLORS.length] ?? '') : '';
  const reset = color ? '\x1b[0m' : '';
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `${color}[${name}]${reset} `;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0))));
  const stop = async (graceMs = 20_000): Promise<number> => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { name, child, exited, stop };
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Polls `url` until it answers 2xx or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms (last answer: ${last})`);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
