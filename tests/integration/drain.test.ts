// Graceful operations: under load, SIGTERM one API and one worker, start them again, and
// nothing is lost: every request is answered (a client may retry only a connection that never reached
// a server), every job runs exactly once. Real processes through tsx.
//
// "Never reached a server" is a refused connection, or one reset without an answer: Linux resets the
// connections still in the listen queue (accepted by the kernel, not yet by Node) when the draining
// API closes its listener. Every attempt carries its own x-request-id and the APIs log each request
// they receive, so the test proves that no reset attempt was ever seen by an API before retrying it.
//
// The load is a list of cases (tests/helpers/drain-cases.ts), streaming a studio take among them.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { freePort } from '../helpers/app';
import { freshDatabase, type TestDatabase } from '../helpers/db';
import { drainCases, type Answer, type DrainContext } from '../helpers/drain-cases';
import { sharedProcessEnv, spawnApiProcess, spawnWorkerProcess, type ServiceProcess } from '../helpers/processes';
import { eventually } from '../helpers/worker';

let port: number;
let refusedRetries = 0;
let attempts = 0;
/** Request ids of attempts reset before any answer (retried); none may appear in an API's log. */
const resetAttempts: string[] = [];
const lost: string[] = [];

function once(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => reject(Object.assign(err, { answered })));
    req.end(body);
  });
}

async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (;;) {
    const id = `drain-attempt-${++attempts}`;
    try {
      const answer = await once(method, path, body, { ...headers, 'x-request-id': id });
      if (answer.status >= 500) lost.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return answer;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED' || (code === 'ECONNRESET' && !(err as { answered?: boolean }).answered)) {
        if (code === 'ECONNRESET') resetAttempts.push(id);
        else refusedRetries += 1;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      lost.push(`${method} ${path}: ${(err as Error).message}`);
      throw err;
    }
  }
}

let stripe: FakeStripe;
let database: TestDatabase;
let env: Record<string, string>;
const apis: ServiceProcess[] = [];
const workers: ServiceProcess[] = [];

// The cases read the port and the environment when they run, once beforeAll has set them.
const { webhookCase, readsCase, studioCase } = drainCases(() => ({ port, env }));

function startApi(): ServiceProcess {
  // LOG_LEVEL info: every request an API receives is logged with its id.
  const p = spawnApiProcess({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'true', LOG_LEVEL: 'info' });
  apis.push(p);
  return p;
}
function startWorker(): ServiceProcess {
  const w = spawnWorkerProcess({ ...env, LOG_LEVEL: 'info', WORKER_CONCURRENCY_LEDGER: '2' });
  workers.push(w);
  return w;
}
async function ready(): Promise<void> {
  await eventually(async () => (await once('GET', '/readyz', undefined, {}).catch(() => null))?.status === 200, 90_000, 'the API ready');
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  database = await freshDatabase();
  port = await freePort();
  env = { ...sharedProcessEnv(database.url, stripe), STORAGE_DISK_ROOT: `/tmp/adx-drain-${Date.now()}` };
  startApi();
  startWorker();
  await ready();
}, 120_000);

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((p) => p.stop()));
  await database?.drop();
  await stripe?.close();
}, 60_000);

describe('SIGTERM under load', () => {
  it('drains an API and a worker without losing a request, a job or a recording chunk; their replacements carry on', { timeout: 240_000 }, async () => {
    const ctx: DrainContext = { db: database.db, stripe, send, workerOutput: () => workers.map((w) => w.output()).join('\n') };
    const cases = [webhookCase(60), readsCase(150), studioCase(60)];
    for (const c of cases) await c.prepare(ctx);

    // Load: 8 concurrent senders working through every case's requests.
    const queue = cases.flatMap((c) => Array.from({ length: c.requests }, (_, i) => () => c.request(ctx, i)));
    queue.sort(() => Math.random() - 0.5);
    const total = queue.length;
    let done = 0;
    const failures: string[] = [];
    const senders = Array.from({ length: 8 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await job().catch((err: Error) => failures.push(err.message));
        done += 1;
      }
    });

    // Once a quarter is through: SIGTERM the API and the worker (both drain), then start new ones.
    await eventually(async () => done >= total / 4, 60_000, 'a quarter of the load');
    const [api, worker] = [apis.at(-1)!, workers.at(-1)!];
    const releases = await Promise.all(cases.map((c) => c.pinInFlight?.(ctx)));
    const stopped = Promise.all([api.stop(30_000), worker.stop(30_000)]);
    let workerState: unknown;
    try {
      // The worker waits for its active (pinned) jobs instead of exiting under them.
      await new Promise((r) => setTimeout(r, 1_500));
      workerState = await Promise.race([worker.exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('draining'), 0))]);
    } finally {
      for (const release of releases) await release?.();
    }
    await stopped;
    expect(workerState).toBe('draining');
    for (const p of [api, worker]) expect(p.output()).not.toMatch(/timed out|error during shutdown/);
    startApi();
    startWorker();
    await Promise.all(senders);

    expect(failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(done).toBe(total);
    for (const c of cases) await c.verify(ctx);
    // The stop really happened while the load ran: some connections were refused and retried.
    expect(refusedRetries).toBeGreaterThan(0);
    // A reset attempt was retried only because no API had received it.
    const apiLogs = apis.map((a) => a.output()).join('\n');
    expect(apiLogs).toContain('"reqId":"drain-attempt-1"');
    const seenAndReset = resetAttempts.filter((id) => apiLogs.includes(`"reqId":"${id}"`));
    // What the API did with such a request, to tell a server that dropped it from a client that misread the reset.
    const said = seenAndReset.flatMap((id) => apiLogs.split('\n').filter((line) => line.includes(`"${id}"`)));
    expect({ seenAndReset, said }).toEqual({ seenAndReset: [], said: [] });
  });
});
