import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../api/src/access';
import type { OpenAPIV3 } from 'openapi-types';
import { Contract } from '../helpers/contract';
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

interface OpenApiParam {
  name: string;
  in: 'query' | 'path' | 'header';
}
interface OpenApiOperation {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { enum?: unknown[] }> } }> };
}
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

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-4000-8000-000000000000',
  'ADX0001',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\uD800',
  'a\uDC00b',
  'x\u0000y',
  'tab\there\r\nline\u0007bell\u001b[31m\u0085\u009b',
  'bidi \u202Egnp.exe\u202C \u2066iso\u2069 \u200F',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'a'.repeat(5_000),
  '9'.repeat(40),
  '2026-02-30',
  'https://evil.example/x',
);
/** Characters Postgres cannot store (NUL, lone surrogates), control characters and bidi overrides, spliced into text. */
const hostile = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u0001', '\u001b', '\u007f', '\u0085', '\u202E', '\u2066', '\u200F');
const spliced = fc.tuple(fc.string({ maxLength: 20 }), hostile, fc.string({ maxLength: 20 })).map(([a, h, b]) => `${a}${h}${b}`);
const text = fc.oneof(nasty, spliced, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
);

function bodyFor(op: OpenApiOperation): fc.Arbitrary<{ payload: string | undefined; contentType: string | undefined }> {
  const props = Object.entries(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {});
  // An object with the documented fields: each missing, of a valid enum value, or anything at all.
  const shaped = fc.tuple(...props.map(([, s]) => fc.option(s.enum?.length ? fc.oneof(fc.constantFrom(...s.enum), value) : value, { nil: undefined }))).map((vals) =>
    Object.fromEntries(props.map(([k], i) => [k, vals[i]]).filter(([, v]) => v !== undefined)),
  );
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' as string | undefined }));
  return fc.oneof(
    { weight: 5, arbitrary: json(shaped) },
    { weight: 1, arbitrary: json(fc.jsonValue()) },
    { weight: 1, arbitrary: fc.record({ payload: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'), contentType: fc.constant('application/json') }) },
    { weight: 1, arbitrary: fc.record({ payload: text, contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream') }) },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
  );
}

/** encodeURIComponent, with lone surrogates (which it cannot encode) replaced. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

function queryFor(op: OpenApiParam[]): fc.Arbitrary<string> {
  const names = op.filter((p) => p.in === 'query').map((p) => p.name);
  const key = names.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: text }) : text;
  const val = fc.oneof(text, fc.integer().map(String), fc.constantFrom('true', 'false', '1', '0', '-5', '99999999999', '1.5'));
  return fc.array(fc.tuple(key, val), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
}

function pathFor(url: string): fc.Arbitrary<{ path: string; params: Record<string, string> }> {
  const params = [...url.matchAll(/:(\w+)|\*$/g)];
  const seg = fc.oneof(
    { weight: 3, arbitrary: text.filter((s) => s.length > 0).map(enc) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(300)) },
    { weight: 1, arbitrary: fc.uuid() },
  );
  return fc.tuple(...params.map(() => seg)).map((vals) => {
    let i = 0;
    return { path: url.replace(/:(\w+)|\*$/g, () => vals[i++] ?? 'x'), params: Object.fromEntries(params.map((m, j) => [m[1] ?? '*', vals[j] ?? 'x'])) };
  });
}

/** The request as the route reads it (decoded path parameters, parsed query and JSON body), or null when it cannot be read. */
function asRead(input: { path: { params: Record<string, string> }; query: string; body: { payload: string | undefined; contentType: string | undefined } }) {
  try {
    const params = Object.fromEntries(Object.entries(input.path.params).map(([k, v]) => [k, decodeURIComponent(v)]));
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(input.query)) query[k] = k in query ? [query[k]!, v].flat() : v;
    const body: unknown = input.body.payload === undefined ? undefined : input.body.contentType === 'application/json' ? JSON.parse(input.body.payload) : input.body.payload;
    return { params, query, body, contentType: input.body.contentType };
  } catch {
    return null;
  }
}

const headers = fc.record(
  {
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/*', '', 'x/y;q=foo'),
    'accept-language': text,
    'x-request-id': text,
    range: fc.constantFrom('bytes=0-', 'bytes=-0', 'bytes=5-1', 'bytes=abc', 'items=0-1', 'bytes=0-1,2-3'),
    'if-none-match': text,
    'user-agent': text,
    'x-forwarded-for': text,
    'stripe-signature': fc.constantFrom('t=1,v1=abc', 'garbage', ''),
  },
  { requiredKeys: [] },
).map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))));

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
