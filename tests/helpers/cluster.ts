// The multi-instance test's cluster (cluster.test.ts): API and worker processes spawned as in production (tsx) on one
// Postgres database and one Redis prefix, behind the production proxy; and the clients it is called through.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@app/common/events';
import type { TLedgerRow } from '@app/common/schemas/ledger';
import { startClusterProxy, type ClusterProxy } from '../../scripts/lib/nginx';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { freePort } from './app';
import { freshDatabase, type TestDatabase } from './db';
import { sharedProcessEnv, spawnApiProcess, spawnWorkerProcess, type ServiceProcess } from './processes';
import { eventually } from './worker';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What {@link useCluster} brings up: its fields are set in beforeAll, so read them inside hooks and tests. */
interface Cluster {
  stripe: FakeStripe;
  database: TestDatabase;
  proxy: ClusterProxy;
  /** The one port of every API (at each of its hosts). */
  apiPort: number;
  apis: { url: string; proc: ServiceProcess }[];
  workers: ServiceProcess[];
  /** `eventually`, whose timeout error ends with what every process printed last. */
  eventuallyOr(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void>;
}

/**
 * Registers beforeAll/afterAll hooks that start the fake Stripe, a fresh database, an API on each of `apiHosts` (all on
 * one port), two workers and the proxy in front of the APIs, and stop them again.
 */
export function useCluster(apiHosts: string[]): Cluster {
  const apis: Cluster['apis'] = [];
  const workers: ServiceProcess[] = [];

  function outputs(): string {
    return [...apis.map((a) => `[api ${a.url}]\n${a.proc.output().slice(-3000)}`), ...workers.map((w) => `[worker ${w.pid}]\n${w.output().slice(-3000)}`)].join('\n');
  }

  async function eventuallyOr(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    try {
      await eventually(check, timeoutMs, what);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${outputs()}`);
    }
  }

  const cluster = { apis, workers, eventuallyOr } as Cluster;
  beforeAll(async () => {
    const stripe = (cluster.stripe = await startFakeStripe());
    const database = (cluster.database = await freshDatabase());
    const shared = sharedProcessEnv(database.url, stripe);
    const apiPort = (cluster.apiPort = await freePort());
    for (const host of apiHosts) {
      // TRUST_PROXY: as behind nginx; this test also stands in for it on direct calls, giving each client its own X-Forwarded-For.
      const proc = spawnApiProcess({ ...shared, HOST: host, PORT: String(apiPort), PUBLIC_URL: `http://127.0.0.1:${apiPort}`, TRUST_PROXY: 'true', LOG_LEVEL: 'warn', STORAGE_DISK_ROOT: `/tmp/adx-cluster-${shared.REDIS_PREFIX}` });
      apis.push({ url: `http://${host}:${apiPort}`, proc });
    }
    // Job logs at info: the test reads which worker ran which job.
    for (let i = 0; i < 2; i++) workers.push(spawnWorkerProcess({ ...shared, LOG_LEVEL: 'info', WORKER_CONCURRENCY_LEDGER: '1', STORAGE_DISK_ROOT: `/tmp/adx-cluster-${shared.REDIS_PREFIX}` }));
    for (const a of apis) {
      await eventuallyOr(async () => (await fetch(`${a.url}/readyz`).catch(() => null))?.status === 200, 90_000, `${a.url} ready`);
    }
    cluster.proxy = await startClusterProxy({ host: '127.0.0.1', port: 0, apiHosts, apiPort, log: (m) => process.stdout.write(`[cluster test] ${m}\n`) });
  }, 180_000);

  afterAll(async () => {
    await cluster.proxy?.close();
    await Promise.all([...apis.map((a) => a.proc.stop()), ...workers.map((w) => w.stop())]);
    await cluster.database?.drop();
    await cluster.stripe?.close();
  }, 60_000);
  return cluster;
}

/** A cookie-keeping HTTP client for the API base URLs, with the client address `ip`. */
export function cookieClient(ip: string) {
  const cookies = new Map<string, string>();
  let csrf: string | null = null;
  const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  return {
    call,
    async signIn(base: string, username: string) {
      const r = await call(base, 'POST', '/api/auth/dev-sign-in', { username });
      expect(r.status, r.text).toBe(200);
      csrf = ((await call(base, 'GET', '/api/auth/session')).json() as { csrfToken: string }).csrfToken;
    },
  };
}

/** A Socket.IO client at `url` (in `opened`, to disconnect at the end, before it connects) in the ledger room, and the rows it gets. */
export async function ledgerListener(url: string, opened: AppSocket[]): Promise<{ socket: AppSocket; rows: TLedgerRow[] }> {
  const socket: AppSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
  opened.push(socket);
  const rows: TLedgerRow[] = [];
  socket.on('ledger:row', (row) => rows.push(row));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => resolve());
  });
  const joined = await socket.timeout(10_000).emitWithAck('join', 'ledger');
  expect(joined).toEqual({ ok: true });
  return { socket, rows };
}
