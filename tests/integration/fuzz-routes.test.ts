import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../api/src/access';
import type { OpenAPIV3 } from 'openapi-types';
import { Contract } from '../helpers/contract';
import { asRead, bodyFor, headers, pathFor, queryFor, text, type OpenApiOperation } from '../helpers/fuzz-requests';
import { streamHead } from '../helpers/event-stream';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { studioSpeaker } from '../helpers/studio';

/**
 * Property-based hardening of every route of the OpenAPI document: generated bodies, query strings, path parameters
 * and headers (shaped by each route's OpenAPI description, so many reach the handler, and many do not) must never
 * produce a 5xx, and every 4xx must be our JSON {error, message}. Every answer is also checked against the document
 * (tests/helpers/contract.ts: status, media type, JSON body; a request the document calls valid is not refused), as
 * the route's own caller and, for signed-in routes, anonymously and as a member too. The seed is fixed; `npm test`
 * runs FUZZ_RUNS (default 25) cases per route and caller role (a fifth of that for the refused roles), `npm run
 * test:fuzz` 1,000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

let t: TestApp;
let routes: RouteAccess[] = [];
let docs: OpenApi;

type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

let contract: Contract;

beforeAll(async () => {
  t = await startTestApp();
  docs = (await t.app.inject('/api/docs/json')).json() as OpenApi;
  contract = new Contract(docs as unknown as OpenAPIV3.Document);
  // Every documented route (the queue dashboard's routes are bull-board's own code, covered by the authz matrix).
  routes = t.app.routeAccess.filter((r) => contract.operation(r.method, r.url));
});
afterAll(async () => {
  await t?.close();
});

function operation(route: RouteAccess): OpenApiOperation {
  const p = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
  return docs.paths[p]?.[route.method.toLowerCase()] ?? {};
}

/** Who calls a route: its own kind of caller and, for a signed-in route, an anonymous visitor and (for admin routes) a member. */
function callersOf(route: RouteAccess): string[] {
  if (route.access === 'public') return ['anonymous'];
  return [route.access, 'anonymous', ...(route.access === 'admin' ? ['member'] : [])];
}

function problem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.headers['x-content-type-options'] !== 'nosniff') return 'no nosniff header';
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return `${res.statusCode} not JSON: ${res.body.slice(0, 200)}`;
  let body: { error?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} body does not parse: ${res.body.slice(0, 200)}`;
  }
  if (typeof body.error !== 'string' || typeof body.message !== 'string' || !body.message.trim()) return `${res.statusCode} without {error, message}: ${res.body.slice(0, 200)}`;
  return null;
}

describe(`fuzz: every JSON route, ${RUNS} generated requests each (seed ${SEED})`, () => {
  it('finds the routes and their descriptions', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(docs.paths).length).toBeGreaterThan(20);
  });

  it('never answers 5xx, and answers every invalid input with a clear JSON {error, message}', { timeout: Math.max(120_000, RUNS * 2_000) }, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const clients = new Map<string, Client>();
    let users = 0;
    const clientFor = async (role: string, fresh = false): Promise<Client> => {
      const existing = clients.get(role);
      if (existing && !fresh) return existing;
      users += 1;
      const c =
        role === 'anonymous'
          ? anonymous(t.app)
          : role === 'speaker'
            ? (await studioSpeaker(t.app, t.database.db, `Fuzz session ${users}`)).client
            : await signInAs(t.app, t.database.db, `fuzz_${role}_${users}`, { admin: role === 'admin' });
      clients.set(role, c);
      return c;
    };
    const clearLimits = async () => {
      const keys = await t.app.redis.keys(`${t.config.REDIS_PREFIX}:rl:*`);
      if (keys.length) await t.app.redis.del(...keys);
    };

    for (const [route, role] of routes.flatMap((r) => callersOf(r).map((c) => [r, c] as const))) {
      const op = operation(route);
      const own = role === (route.access === 'public' ? 'anonymous' : route.access);
      const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const arb = fc.record({
        path: pathFor(route.url),
        query: queryFor(op.parameters ?? []),
        body: withBody ? bodyFor(op) : fc.constant({ payload: undefined, contentType: undefined }),
        headers,
        // Mostly the session's own CSRF token (so writes reach validation and the handler), sometimes a wrong one.
        csrf: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: text.filter((v) => /^[\x20-\x7e]*$/.test(v)) }),
      });
      const result = await fc.check(
        fc.asyncProperty(arb, async (input) => {
          // A `..` segment is resolved by the URL parser (as browsers and proxies do): the request may leave this
          // route. Then it is judged as the API's (never 5xx, JSON errors), not by this route's operation.
          const reached = new URL(input.path.path, 'http://fuzz').pathname.startsWith(route.url.split(/[:*]/)[0]!);
          if (!reached && !new URL(input.path.path, 'http://fuzz').pathname.startsWith('/api/')) return;
          let client = await clientFor(role);
          const inject = async () => {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: input.query ? `${input.path.path}?${input.query}` : input.path.path,
              headers: {
                ...(client.jar.cookies.size ? { cookie: client.jar.header() } : {}),
                ...(client.csrf ? { 'x-csrf-token': client.csrf } : {}),
                ...input.headers,
                ...(input.csrf !== undefined ? { 'x-csrf-token': input.csrf } : {}),
                ...(input.body.contentType ? { 'content-type': input.body.contentType } : {}),
              },
              ...(input.body.payload === undefined ? {} : { payload: input.body.payload }),
              // An endless event stream (the ledger's live updates): its head is checked, then it is closed.
              ...(route.eventStream ? { payloadAsStream: true } : {}),
            });
            return route.eventStream ? streamHead(res) : res;
          };
          let res = await inject();
          if (res.statusCode === 429) {
            await clearLimits();
            res = await inject();
          }
          // A route that ended the session (sign-out, account deletion) leaves the next cases signed out.
          if (res.statusCode === 401 && role !== 'anonymous') client = await clientFor(role, true);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // A field refused by validation in a request the document calls valid: a rule the document leaves out.
          const fieldError = res.statusCode === 400 && /^\{.*"fields":/.test(res.body);
          const read = fieldError ? asRead(input) : null;
          const p = problem(res) ?? (reached ? contract.violation(route.method, route.url, res, read !== null && contract.requestIsValid(op as OpenAPIV3.OperationObject, read)) : null);
          if (p) throw new Error(`${route.method} ${input.path.path}${input.query ? `?${input.query}` : ''}: ${p}`);
        }),
        { numRuns: own ? RUNS : Math.max(3, Math.round(RUNS / 5)), seed: SEED, endOnFailure: true },
      );
      if (result.failed) failures.push(`${route.method} ${route.url} (${role}): ${((result.errorInstance as Error | undefined)?.message ?? "failed").slice(0, 400)} [counterexample ${JSON.stringify(result.counterexample)?.slice(0, 400)}]`);
    }
    console.log(`contract: ${contract.checked.operations.size} of ${routes.length} documented operations, ${contract.checked.answers} answers checked against the document (${contract.checked.documentValidRequests} of them field refusals of requests the document calls valid)`);
    expect(contract.checked.operations.size).toBe(routes.length);
    // FUZZ_STATS=1: how the answers spread (how many cases got past validation to the handlers).
    if (process.env.FUZZ_STATS) console.log(`fuzz: ${routes.length} routes; answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(failures).toEqual([]);
  });
});

describe('the document states the rules the routes enforce', () => {
  it('e-mail length, non-JSON answers and the statuses every route can give', async () => {
    const signIn = docs.paths['/api/auth/dev-sign-in']!.post! as unknown as OpenAPIV3.OperationObject;
    const email = ((signIn.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.email as OpenAPIV3.SchemaObject;
    expect(email.maxLength).toBe(254);
    const long = await anonymous(t.app).request('POST', '/api/auth/dev-sign-in', { username: 'long_mail', email: `${'a'.repeat(288)}@example.org` });
    expect(long.statusCode).toBe(400);
    for (const path of ['/api/ledger/export.csv', '/api/admin/payments/export.csv', '/api/admin/submissions/export.csv', '/api/admin/newsletter/subscribers/export.csv']) {
      const op = docs.paths[path]!.get! as unknown as OpenAPIV3.OperationObject;
      expect(Object.keys((op.responses['200'] as OpenAPIV3.ResponseObject).content ?? {}), path).toEqual(['text/csv']);
      expect(Object.keys((op.responses['400'] as OpenAPIV3.ResponseObject).content ?? {}), path).toEqual(['application/json']);
    }
    const admin = docs.paths['/api/admin/payments/{kind}/{id}/refund']!.post! as unknown as OpenAPIV3.OperationObject;
    expect(Object.keys(admin.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '413', '414', '415', '429']));
  });
});

describe('limits and headers', () => {
  it('refuses a JSON body above 1 MiB with 413 on every JSON write route', async () => {
    const admin = await signInAs(t.app, t.database.db, 'fuzz_limits_admin', { admin: true });
    const speaker = (await studioSpeaker(t.app, t.database.db, 'Fuzz limits session')).client;
    const big = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    const failures: string[] = [];
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:(\w+)/g, 'sample').replace(/\*$/, 'x'),
        headers: route.access === 'speaker' ? { cookie: speaker.jar.header(), 'content-type': 'application/json' } : { cookie: admin.jar.header(), 'x-csrf-token': admin.csrf ?? '', 'content-type': 'application/json' },
        payload: big,
      });
      // Multipart-only routes refuse the media type first (415); the rest refuse the size.
      if (![413, 415].includes(res.statusCode) || problem(res)) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it('sends CSP (nothing loads or runs in JSON, frame-ancestors none) and nosniff everywhere, HSTS only in production', async () => {
    for (const url of ['/api/ledger/summary', '/healthz', '/api/no-such-route']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const prod = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://example.org' } });
    try {
      const res = await prod.app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});
