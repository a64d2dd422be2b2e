// Content without a deploy, across replicas: two API processes (as in production) on one database. A setting or the
// token price changed through one is in the pages both serve within 10 s, with no build; each replica hears the
// change from Postgres (LISTEN site_changed), and reads the revision on a timer when that connection is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_SALE } from '@app/common/domain/payments';
import type { TSiteData } from '@app/common/schemas/site';
import { SiteRevisionWatcher } from '@app/common/server/site/site-revision';
import { grantAdmin } from '@app/common/server/users.repository';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { freePort } from '../helpers/app';
import { freshDatabase, type TestDatabase } from '../helpers/db';
import { sharedProcessEnv, spawnApiProcess, type ServiceProcess } from '../helpers/processes';
import { eventually } from '../helpers/worker';

let stripe: FakeStripe;
let database: TestDatabase;
const apis: Array<{ url: string; proc: ServiceProcess }> = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  database = await freshDatabase();
  const shared = sharedProcessEnv(database.url, stripe);
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const proc = spawnApiProcess({ ...shared, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' });
    apis.push({ url: `http://127.0.0.1:${port}`, proc });
  }
  for (const a of apis) {
    await eventually(async () => (await fetch(`${a.url}/readyz`).catch(() => null))?.status === 200, 90_000, `${a.url} ready`).catch((err: Error) => {
      throw new Error(`${err.message}\n${a.proc.output().slice(-3000)}`);
    });
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(apis.map((a) => a.proc.stop()));
  await database?.drop();
  await stripe?.close();
}, 60_000);

/** An admin's browser on one replica: the session cookie and CSRF token. */
async function adminOn(base: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(csrf ? { 'x-csrf-token': csrf, origin: base } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return { status: res.status, text: await res.text() };
  };
  const signIn = await call('POST', '/api/auth/dev-sign-in', { username: 'replica_admin' });
  expect(signIn.status, signIn.text).toBe(200);
  const session = JSON.parse((await call('GET', '/api/auth/session')).text) as { csrfToken: string; user: { id: string } };
  csrf = session.csrfToken;
  await grantAdmin(database.db, session.user.id);
  return call;
}

const page = async (base: string, path: string) => (await fetch(`${base}${path}`)).text();

/** Waits until every replica serves `path` with `text` in it; returns how long that took (ms). */
async function servedEverywhere(path: string, text: string): Promise<number> {
  const started = Date.now();
  await eventually(async () => (await Promise.all(apis.map((a) => page(a.url, path)))).every((html) => html.includes(text)), 10_000, `${text} on ${path} on both replicas`);
  return Date.now() - started;
}

describe('two API replicas', () => {
  it('serve a setting saved through one of them in their rendered pages within 10 s', async () => {
    const admin = await adminOn(apis[0]!.url);
    // Both have rendered the landing page (and keep it) before the change.
    for (const a of apis) expect(await page(a.url, '/')).toContain('the legacy builders');
    const site = JSON.parse(await page(apis[1]!.url, '/api/site')) as TSiteData;
    const saved = await admin('PUT', '/api/admin/site/settings', { ...site.settings, communityClaim: '2,000+', communityInviteUrl: 'https://discord.gg/replica-test' });
    expect(saved.status, saved.text).toBe(200);
    expect(await servedEverywhere('/', '2,000+ legacy builders')).toBeLessThan(10_000);
    // The page carries the data it was rendered with, for the browser to start from.
    expect(await page(apis[1]!.url, '/dog-pound')).toContain('https://discord.gg/replica-test');
  });

  it('show a new token price on the pitch deck of both within 10 s, and on the ledger page too', async () => {
    const admin = await adminOn(apis[1]!.url);
    for (const a of apis) expect(await page(a.url, '/pitch-deck')).toContain('10 ADX per dollar');
    const saved = await admin('PUT', '/api/admin/site/token-sale', { ...DEFAULT_TOKEN_SALE, tokensPerDollar: '25' });
    expect(saved.status, saved.text).toBe(200);
    expect(await servedEverywhere('/pitch-deck', '25 ADX per dollar')).toBeLessThan(10_000);
    expect(await servedEverywhere('/token-ledger', '"tokensPerDollar":"25"')).toBeLessThan(10_000);
  });
});

describe('a cohort opened on one replica', () => {
  it('is the one both landing pages sell, with its JSON-LD, within 10 s', async () => {
    const admin = await adminOn(apis[0]!.url);
    // No cohort yet: both say so plainly (and have rendered that view).
    for (const a of apis) expect(await page(a.url, '/')).toContain('No cohort is open');
    const day = 86_400_000;
    const startsOn = new Date(Date.now() + 60 * day).toISOString().slice(0, 10);
    const created = await admin('POST', '/api/admin/cohorts', {
      number: 7,
      city: 'Replica City',
      format: 'Hybrid',
      startsOn,
      sessionTime: '10:00',
      timeZone: 'America/New_York',
      weeks: 12,
      seats: 25,
      priceCents: 249_700,
      enrolmentOpensAt: new Date(Date.now() - day).toISOString(),
      enrolmentClosesAt: new Date(Date.now() + 50 * day).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    expect(await servedEverywhere('/', 'Cohort 7')).toBeLessThan(10_000);
    const { startsAt } = JSON.parse(created.text) as { startsAt: string };
    expect(startsAt.slice(0, 10)).toBe(startsOn);
    expect(await servedEverywhere('/events/i-am-the-business', `"startDate":"${startsAt}"`)).toBeLessThan(10_000);
  });
});

describe('the revision watcher', () => {
  it('notices a change by reading the revision when it cannot LISTEN', async () => {
    const warnings: string[] = [];
    const watcher = new SiteRevisionWatcher('postgres://nobody@127.0.0.1:1/none', database.db, { warn: (_o, m) => warnings.push(m) }, 200);
    await watcher.start();
    try {
      const before = watcher.current;
      await database.db('site_settings').update({ updated_at: database.db.fn.now() });
      await eventually(async () => watcher.current > before, 5_000, 'the poll sees the new revision');
      expect(warnings.some((w) => w.includes('LISTEN connection lost'))).toBe(true);
    } finally {
      await watcher.stop();
    }
  });
});
