import { generateSync } from 'json-schema-faker';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../api/src/access';
import { startTestApp, type TestApp } from '../helpers/app';
import { Contract } from '../helpers/contract';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { studioSpeaker } from '../helpers/studio';

/**
 * Requests made from the document (json-schema-faker fills every body, query and path parameter from its schema) and
 * kept only when the document calls them valid (openapi-request-validator): the route must not refuse one of them
 * with a field error, or the document leaves out a rule the route enforces.
 */
const SAMPLES = Number(process.env.CONTRACT_SAMPLES ?? 12);
let t: TestApp;
let contract: Contract;
let routes: RouteAccess[] = [];
beforeAll(async () => {
  t = await startTestApp();
  contract = new Contract((await t.app.inject('/api/docs/json')).json() as OpenAPIV3.Document);
  routes = t.app.routeAccess.filter((r) => contract.operation(r.method, r.url) && !r.eventStream && r.url !== '/api/auth/sign-out');
});
afterAll(async () => {
  await t?.close();
});

function sample(schema: unknown, seed: number): unknown {
  try {
    return generateSync(schema as never, { seed, optionalsProbability: 0.5 });
  } catch {
    return undefined;
  }
}

describe('requests the document calls valid', () => {
  it('are never refused with a field error', { timeout: 120_000 }, async () => {
    const admin = await signInAs(t.app, t.database.db, 'contract_admin', { admin: true });
    const member = await signInAs(t.app, t.database.db, 'contract_member');
    const speaker = (await studioSpeaker(t.app, t.database.db, 'Contract session')).client;
    const clientFor = (access: string): Client => (access === 'public' ? anonymous(t.app) : access === 'admin' ? admin : access === 'speaker' ? speaker : member);
    const failures: string[] = [];
    let sent = 0;
    const perOp = new Map<string, number>();
    for (const route of routes) {
      const op = contract.operation(route.method, route.url)!;
      const params = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const body = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']?.schema;
      if (!body && !params.some((p) => p.in === 'query')) continue;
      for (let i = 0; i < SAMPLES; i++) {
        const seed = 1000 + i;
        const query: Record<string, string> = {};
        for (const p of params.filter((x) => x.in === 'query')) {
          const v = sample(p.schema, seed + p.name.length);
          if (v !== undefined && v !== null && (p.required || i % 2 === 0)) query[p.name] = String(v);
        }
        const pathParams: Record<string, string> = {};
        for (const p of params.filter((x) => x.in === 'path')) pathParams[p.name] = String(sample(p.schema, seed) ?? 'x');
        const payload = body ? sample(body, seed) : undefined;
        const read = { params: pathParams, query, body: payload, contentType: body ? 'application/json' : undefined };
        if (!contract.requestIsValid(op, read)) continue;
        const url = route.url.replace(/:(\w+)|\*$/g, (_m, name: string | undefined) => encodeURIComponent(pathParams[name ?? '*'] ?? 'x'));
        const qs = new URLSearchParams(query).toString();
        const keys = await t.app.redis.keys(`${t.config.REDIS_PREFIX}:rl:*`);
        if (keys.length) await t.app.redis.del(...keys);
        const res = await clientFor(route.access).request(route.method, qs ? `${url}?${qs}` : url, payload);
        sent += 1;
        perOp.set(`${route.method} ${route.url}`, (perOp.get(`${route.method} ${route.url}`) ?? 0) + 1);
        const v = contract.violation(route.method, route.url, res, /^\{.*"fields":/.test(res.body));
        if (v) failures.push(`${route.method} ${route.url} ${JSON.stringify(payload ?? query).slice(0, 200)}: ${v}`);
      }
    }
    console.log(`contract requests: ${sent} document-valid requests sent to ${perOp.size} operations (of ${routes.length}; the others take no body or query, or the faker made no valid one)`);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
