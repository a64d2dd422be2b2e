/** A short-lived `pg` client for the bootstrap's probes and CREATE/DROP DATABASE (shared by postgres.ts and databases.ts). */
import { maskUrl, withTimeout } from './util';

/** The part of the `pg` package we use (the repo has no @types/pg). */
interface PgClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
  on(event: 'error', listener: (err: Error) => void): unknown;
}
interface PgModule {
  Client: new (config: {
    connectionString: string;
    connectionTimeoutMillis?: number;
    query_timeout?: number;
    application_name?: string;
  }) => PgClient;
}

let pgModule: Promise<PgModule> | undefined;
function loadPg(): Promise<PgModule> {
  const specifier: string = 'pg';
  pgModule ??= import(specifier).then((m: { default?: PgModule } & Partial<PgModule>) => m.default ?? (m as PgModule));
  return pgModule;
}

export async function withPgClient<T>(url: string, timeoutMs: number, fn: (client: PgClient) => Promise<T>): Promise<T> {
  const { Client } = await loadPg();
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: Math.max(timeoutMs, 30_000),
    application_name: 'adx-bootstrap',
  });
  client.on('error', () => undefined); // errors after connect (e.g. server shutdown) are not ours to crash on
  try {
    await withTimeout(client.connect(), timeoutMs + 1000, `connecting to ${maskUrl(url)}`);
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
