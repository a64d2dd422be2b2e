// Global setup of the integration and e2e projects: makes sure Postgres and Redis answer, creates a
// uniquely named template database with every migration applied, and picks a unique Redis key prefix.
// Test files clone the template (CREATE DATABASE ... TEMPLATE), so each file starts from a clean schema.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { Redis } from 'ioredis';
import { createDb, migrateLatest } from '@app/common/server/db';
import { createDatabase, dropDatabase, ensureServices, type Services } from '../../scripts/lib/services';
import { DATA_DIR } from '../../scripts/lib/paths';
import { ensureFfmpeg } from '../../scripts/lib/ffmpeg';
import { ensureGo } from '../../scripts/lib/golang';
import { ensurePythonIcalendar } from '../../scripts/lib/icalendar';
import { ASYNC_COMMIT } from '../helpers/db';
import { adminUrlOf } from '../helpers/services';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
    redisUrl: string;
    redisPrefix: string;
  }
}

interface State {
  services: Services;
  adminUrl: string;
  templateDb: string;
  redisPrefix: string;
  users: number;
}

const KEY = Symbol.for('adx.test.global');
type Holder = { [KEY]?: Promise<State> };

async function prepare(): Promise<State> {
  const log = (m: string) => process.stdout.write(`[test setup] ${m}\n`);
  const services = await ensureServices({ dataDir: DATA_DIR, log });
  await ensureFfmpeg(log); // the worker's finalize remuxes with it
  await ensurePythonIcalendar(log); // the calendar feed tests parse the feeds with it
  await ensureGo(log); // the outside ledger verifier (tests/tlog-verify) is Go
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? adminUrlOf(services.databaseUrl);
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templateDb = `adx_test_${runId}`;
  const url = await createDatabase(adminUrl, templateDb);
  const admin = createDb(adminUrl, { poolMax: 1 });
  try {
    await admin.raw(ASYNC_COMMIT, [templateDb]); // the migrations' commits
  } finally {
    await admin.destroy();
  }
  const db = createDb(url, { poolMax: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  log(`template database ${templateDb} migrated; redis prefix test_${runId}`);
  return { services, adminUrl, templateDb, redisPrefix: `test_${runId}`, users: 0 };
}

/** vitest calls it (globalSetup in vitest.config.ts). @public */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as Holder;
  holder[KEY] ??= prepare();
  const state = await holder[KEY];
  state.users += 1;
  project.provide('pgAdminUrl', state.adminUrl);
  project.provide('templateDb', state.templateDb);
  project.provide('redisUrl', state.services.redisUrl);
  project.provide('redisPrefix', state.redisPrefix);

  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    delete holder[KEY];
    await cleanup(state);
  };
}

async function cleanup(state: State): Promise<void> {
  const admin = createDb(state.adminUrl, { poolMax: 1 });
  try {
    const rows = (await admin('pg_database').select('datname').whereLike('datname', `${state.templateDb}%`)) as Array<{ datname: string }>;
    for (const { datname } of rows) await dropDatabase(state.adminUrl, datname);
  } finally {
    await admin.destroy();
  }
  const redis = new Redis(state.services.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${state.redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  await state.services.stop();
}
