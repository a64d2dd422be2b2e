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

/** How a command run by {@link run} ended, with its output when captured. */
export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout+stderr (last 64 KiB) with `capture`; empty when the output went to our terminal. */
  output: string;
}

/**
 * Runs a command without a shell to completion: its output goes to our terminal, or with `capture` into
 * `output`; `timeoutMs` kills it. Rejects only if it cannot start.
 */
export function run(file: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; capture?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > 65536) output = output.slice(-65536);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${file}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

/** A shell-style exit status of a {@link run} result (128 when killed by a signal). */
export function exitCode(r: RunResult): number {
  return r.code ?? (r.signal ? 128 : 1);
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
