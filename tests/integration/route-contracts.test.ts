import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Contract } from '@app/common/api/contract';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * The contracts of common/src/api are what the web's typed client calls (web/src/lib/api.ts `call`): a contract
 * whose method or path no route answers is a page that fails in the browser, not at build time. Every contract
 * must name a registered route, and every /api route without a contract must be one this file allows, by name.
 */

const API_DIR = path.resolve(__dirname, '../../common/src/api');

interface Found {
  /** Where it is declared: `file.ts: export.key`. */
  name: string;
  contract: Contract;
}

const isContract = (v: unknown): v is Contract =>
  typeof v === 'object' && v !== null && typeof (v as Contract).method === 'string' && typeof (v as Contract).path === 'string' && (v as Contract).response instanceof z.ZodType;

/** Every contract a value holds: itself, or those of a plain object's (or array's) members at any depth. */
function contractsIn(value: unknown, name: string, seen = new Set<unknown>()): Found[] {
  if (isContract(value)) return [{ name, contract: value }];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  const proto = Object.getPrototypeOf(value);
  // Plain objects only: zod schemas and other class instances hold no contracts, and walking them is endless.
  if (proto !== Object.prototype && proto !== Array.prototype) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([k, v]) => contractsIn(v, `${name}.${k}`, seen));
}

/** Every file of common/src/api, imported by name from the folder, so a new contract file is checked without a change here. */
const apiFiles = () => readdirSync(API_DIR).filter((f) => f.endsWith('.ts')).sort();

async function collectContracts(): Promise<Found[]> {
  const found: Found[] = [];
  for (const file of apiFiles()) {
    const mod = (await import(path.join(API_DIR, file))) as Record<string, unknown>;
    for (const [key, value] of Object.entries(mod)) found.push(...contractsIn(value, `${file}: ${key}`));
  }
  return found;
}

/**
 * The routes a contract stands for, as Fastify registers them (`:name` parameters): its path as written or, where
 * that is no route, one route per value of each path parameter whose schema is an enum (the forms: each has its own
 * body schema, so its own route, while the web names them all with one contract).
 */
function routeUrls(c: Contract): string[] {
  if (t.app.hasRoute({ method: c.method, url: c.path })) return [c.path];
  const shape = c.params instanceof z.ZodObject ? (c.params.shape as Record<string, z.ZodType>) : {};
  let urls = [c.path];
  for (const [, name] of c.path.matchAll(/:(\w+)/g)) {
    const param = shape[name!];
    if (param instanceof z.ZodEnum) urls = urls.flatMap((u) => (param.options as string[]).map((value) => u.replace(`:${name}`, value)));
  }
  return urls;
}

/**
 * The /api routes that have no contract, on purpose: the web does not call them through `call` because the answer
 * is not one JSON body (files, feeds, streams, redirects, sockets) or the caller is not our web app. A new route
 * without a contract fails this test until it is added here, with its reason. Only /api is the JSON API: the test
 * checkout pages (/checkout/test/…), /ledger/key and /ledger/checkpoint, the health checks and the queue dashboard
 * are outside it.
 */
const WITHOUT_CONTRACT = [
  // PDF receipts and statements: links the browser downloads (common/src/api/account.ts receiptPdfPath, statementPdfPath).
  'GET /api/account/payments/:kind/:id/receipt',
  'GET /api/account/statements/:year',
  'GET /api/receipts/payments/:kind/:id/receipt',
  'GET /api/receipts/statements/:year',
  // CSV downloads (their paths are constants in common/src/api: ADMIN_*_CSV_PATH, LEDGER_PATHS.exportCsv).
  'GET /api/admin/newsletter/subscribers/export.csv',
  'GET /api/admin/payments/export.csv',
  'GET /api/admin/submissions/export.csv',
  'GET /api/ledger/export.csv',
  // Discord sign-in: browser redirects to Discord and back (DISCORD_SIGN_IN_PATH).
  'GET /api/auth/discord',
  'GET /api/auth/discord/callback',
  // iCalendar feeds and a session's .ics, opened by calendar apps (PUBLIC_FEED_PATH, memberFeedPath, sessionEventPath).
  'GET /api/calendar/feeds/:token/sessions.ics',
  'GET /api/calendar/sessions.ics',
  'GET /api/calendar/sessions/:id/event.ics',
  // Binary files: the flyer PNG, a member's WebM recording (byte ranges).
  'GET /api/flyers/:jobId/download',
  'GET /api/members/:id/audio',
  // The public ledger and its transparency log: the ledger page reads them as typed JSON and ships no zod, so their
  // paths live in common/src/api/ledger-paths.ts, and outside verifiers call them too.
  'GET /api/ledger',
  'GET /api/ledger/summary',
  'GET /api/ledger/checkpoints',
  'GET /api/ledger/entries',
  'GET /api/ledger/proof/consistency',
  'GET /api/ledger/proof/inclusion',
  'GET /api/ledger/proof/row',
  // The ledger's live updates: an endless event stream.
  'GET /api/ledger/stream',
  // A monthly receipt's signed "Manage or cancel" link: a 303 redirect a mail opens.
  'GET /api/payments/monthly/manage',
  // The payment provider's webhook: called by the provider, signed, never by our pages.
  'POST /api/stripe/webhook',
  // The speaker studio's chunk socket: its messages are in common/src/studio.ts (INGEST_PATH).
  'GET /api/studio/ingest',
];

let t: TestApp;
let contracts: Found[] = [];

beforeAll(async () => {
  // With Discord configured, so its sign-in routes are registered too (nothing is asked of Discord at start-up).
  t = await startTestApp({ env: { DISCORD_CLIENT_ID: '100000000000000001', DISCORD_CLIENT_SECRET: 'route-contracts-secret', DISCORD_BASE_URL: 'http://127.0.0.1:9' } });
  contracts = await collectContracts();
});
afterAll(async () => {
  await t?.close();
});

describe('route contracts', () => {
  // A contract the collector cannot reach (held by a function or a class instance) would go unchecked: each file's
  // `contract({` calls and the contracts found in its exports must be as many.
  it('finds every contract each file declares', () => {
    const declared = Object.fromEntries(apiFiles().map((f) => [f, readFileSync(path.join(API_DIR, f), 'utf8').split('contract({').length - 1]));
    const found = Object.fromEntries(apiFiles().map((f) => [f, contracts.filter((c) => c.name.startsWith(`${f}:`)).length]));
    expect(Object.values(declared).reduce((a, b) => a + b)).toBeGreaterThan(50);
    expect(found).toEqual(declared);
  });

  it('has a route of the same method and path for every contract', () => {
    const missing = contracts.flatMap(({ name, contract: c }) =>
      routeUrls(c)
        .filter((url) => !t.app.hasRoute({ method: c.method, url }))
        .map((url) => `${name}: ${c.method} ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('allows by name every /api route that has no contract', () => {
    const contracted = new Set(contracts.flatMap(({ contract: c }) => routeUrls(c).map((url) => `${c.method} ${url}`)));
    const apiRoutes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    expect(apiRoutes.length).toBeGreaterThan(contracted.size);
    expect(apiRoutes.filter((r) => !contracted.has(r)).sort()).toEqual([...WITHOUT_CONTRACT].sort());
  });
});
