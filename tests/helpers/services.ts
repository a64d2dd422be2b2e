// The services tests' probes: a process that should end, a query or a Redis call on its own connection, the pids of
// the Postgres and Redis servers that answer.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { isAlive } from '../../scripts/lib/services/util';


export async function waitUntilDead(pid: number, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

export async function withRedis<T>(url: string, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
  r.on('error', () => undefined);
  await r.connect();
  try {
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

export function adminUrlOf(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
}

export function postmasterPid(pgDir: string): number {
  return Number.parseInt(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
}

export async function redisPid(url: string): Promise<number> {
  const info = await withRedis(url, (r) => r.info('server'));
  return Number(/process_id:(\d+)/.exec(info)?.[1]);
}
