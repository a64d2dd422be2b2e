import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../api/src/access';
import { TEXT_MESSAGES } from '@app/common/domain/text';
import { startTestApp, type TestApp } from '../helpers/app';
import { fakeWebm, multipart } from '../helpers/multipart';
import { streamHead } from '../helpers/event-stream';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { studioSpeaker } from '../helpers/studio';

/**
 * The deterministic half of the route fuzz test (fuzz-routes.test.ts generates the random half). The fields come from
 * the OpenAPI document, not from a list: every string property of every operation's body (at any depth), and every
 * query, path and header parameter, gets NUL and lone surrogates, then control and bidi characters, spliced into an
 * otherwise valid request. NUL and lone surrogates must be refused by the one string gate, whatever the field's type
 * (text, URL, e-mail, enum, id): 400 naming the field with the gate's reason. The others must never answer 5xx and
 * must not reach the tables.
 */
let t: TestApp;
let routes: RouteAccess[] = [];
let docs: OpenApi;

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}
interface OpenApiOperation {
  parameters?: Array<{ name: string; in: 'query' | 'path' | 'header'; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

beforeAll(async () => {
  t = await startTestApp();
  routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/'));
  docs = (await t.app.inject('/api/docs/json')).json() as OpenApi;
});
afterAll(async () => {
  await t?.close();
});

function operation(route: RouteAccess): OpenApiOperation | undefined {
  const p = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
  return docs.paths[p]?.[route.method.toLowerCase()];
}

/** Every string property of a body schema, as dotted paths (array items as `.0`); files (format binary) are bytes. */
function stringFields(schema: JsonSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 12) return [];
  if (schema.$ref) return stringFields(docs.components?.schemas?.[schema.$ref.split('/').pop()!], path, depth + 1);
  const out: string[][] = [];
  const types = [schema.type ?? []].flat();
  if (types.includes('string') && schema.format !== 'binary' && path.length) out.push(path);
  for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...stringFields(v, [...path, k], depth + 1));
  if (schema.items) out.push(...stringFields(schema.items, [...path, '0'], depth + 1));
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...stringFields(sub, path, depth + 1));
  return out;
}

/** `base` with `value` at `path` (objects and arrays made on the way). */
function withValue(base: unknown, path: string[], value: (current: unknown) => unknown): unknown {
  if (!path.length) return value(base);
  const [head, ...rest] = path;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...(base as unknown[])] : /^\d+$/.test(head!) && (base === undefined || base === null) ? [] : { ...((base as Record<string, unknown>) ?? {}) };
  (copy as Record<string, unknown>)[head!] = withValue((copy as Record<string, unknown>)[head!], rest, value);
  return copy;
}

/** A valid body per write route that stores text, so a bad character in one field is the only fault. */
const LONG = 'We bake bread for the neighbourhood and train two apprentices every single year.';
const SAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/forms/scholarship': { fullName: 'Ada Lovelace', email: 'ada@example.org', phone: '+1 555 123 4567', businessIdea: LONG, financialNeed: LONG, communityImpact: LONG, experience: LONG, commitment: LONG },
  'POST /api/forms/incubator-application': { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+1 555 123 4567', businessIdea: LONG, commitment: true, termsAccepted: true },
  'POST /api/forms/incubator-registration': { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+15551234567', businessIdea: LONG, experience: LONG, goals: LONG, availability: 'Every Monday' },
  'POST /api/forms/business-application': { businessName: 'Bakery', contactName: 'Ada', contactEmail: 'ada@example.org', website: 'bakery.example.org', businessDescription: LONG, customerService: LONG, communityProject: LONG, businessModel: LONG, technology: LONG },
  'POST /api/forms/feedback': { name: 'Ada', email: 'ada@example.org', businessName: 'Bakery', type: 'feedback', subject: 'Opening hours', message: LONG },
  'PUT /api/me/speaker-profile': { speaker_topic: 'Building a bakery', bio: 'Baker and teacher.' },
  'POST /api/speaker-sessions': { session_title: 'Morning call', session_description: 'Fifteen minutes on bread.', scheduled_date: '2030-01-07T12:00:00Z', discord_channel_link: 'https://discord.example/channel' },
  'POST /api/payments/donations': { amount: 500, donorName: 'Ada', message: 'For the apprentices.', wantsAdxTokens: false },
  'POST /api/auth/dev-sign-in': { username: 'ada_lovelace', email: 'ada@example.org' },
  'POST /api/speaker/authenticate': { token: 'not-a-token' },
};
const UNSTORABLE = { nul: 'a\u0000b', 'lone high surrogate': 'a\uD800b', 'lone low surrogate': 'a\uDC00b' };
const HARMLESS = { controls: 'a\u0001\u001b[2J\u007f\u0085b', bidi: 'a\u202Egnp.exe\u202Cb \u2066c\u2069' };

const REASONS: Record<string, string> = { nul: TEXT_MESSAGES.nul, 'lone high surrogate': TEXT_MESSAGES.surrogate, 'lone low surrogate': TEXT_MESSAGES.surrogate };

describe('every string field of the document: NUL and lone surrogates refused by the gate naming the field, control and bidi characters never 5xx', () => {
  it('checks each string property of every body, and each query, path and header parameter, of every operation', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const checked = { operations: 0, fields: 0, requests: 0 };
    const admin = await signInAs(t.app, t.database.db, 'strings_admin', { admin: true });
    const member = await signInAs(t.app, t.database.db, 'strings_member');
    const speaker = (await studioSpeaker(t.app, t.database.db, 'Strings session')).client;
    const clientFor = (access: string): Client => (access === 'public' ? anonymous(t.app) : access === 'admin' ? admin : access === 'speaker' ? speaker : member);
    const send = async (route: RouteAccess, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      checked.requests += 1;
      const c = clientFor(route.access);
      const keys = await t.app.redis.keys(`${t.config.REDIS_PREFIX}:rl:*`);
      if (keys.length) await t.app.redis.del(...keys);
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...(c.jar.cookies.size ? { cookie: c.jar.header() } : {}), ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body ? { payload: JSON.stringify(body) } : {}),
        // An endless event stream (the ledger's live updates): its head is read, then it is closed.
        ...(route.eventStream ? { payloadAsStream: true } : {}),
      });
      return route.eventStream ? streamHead(res) : res;
    };
    /** Unstorable: 400 whose `fields` names the field with the gate's reason. Harmless: anything but 5xx. */
    const check = (what: string, res: LightMyRequestResponse, field: string, bad: string) => {
      const reason = REASONS[bad];
      if (!reason) {
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        return;
      }
      const named = res.statusCode === 400 && (res.json() as { fields?: Record<string, string[]> }).fields?.[field]?.includes(reason);
      if (!named) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    // Sign-out would end the sessions the other checks use.
    for (const route of routes.filter((r) => r.url !== '/api/auth/sign-out')) {
      const op = operation(route);
      if (!op) continue;
      checked.operations += 1;
      const plainPath = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
      const key = `${route.method} ${route.url}`;
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const bodyFields = contentType?.includes('json') ? stringFields(media?.schema) : [];
      const params = op.parameters ?? [];
      checked.fields += bodyFields.length + params.length;
      for (const [name, bad] of [...Object.entries(UNSTORABLE), ...Object.entries(HARMLESS)]) {
        for (const field of bodyFields) {
          // Spliced into a valid value, so length rules pass and only the character is at fault.
          const body = withValue(SAMPLES[key] ?? {}, field, (sample) => (typeof sample === 'string' ? `${sample.slice(0, 20)}${bad}${sample.slice(20)}` : bad));
          check(`${key} body.${field.join('.')} with ${name}`, await send(route, plainPath, body), field.join('.'), name);
        }
        // A URL cannot carry a lone surrogate (its UTF-8 does not exist); NUL and control characters it can.
        if (name.includes('surrogate')) continue;
        for (const q of params.filter((p) => p.in === 'query')) {
          check(`${key} ?${q.name} with ${name}`, await send(route, `${plainPath}?${q.name}=${encodeURIComponent(bad)}`), q.name, name);
        }
        for (const m of route.url.matchAll(/:(\w+)|\*$/g)) {
          const url = route.url.replace(m[0], encodeURIComponent(bad)).replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
          check(`${key} :${m[1] ?? '*'} with ${name}`, await send(route, url, SAMPLES[key]), m[1] ?? '*', name);
        }
        for (const h of params.filter((p) => p.in === 'header')) {
          check(`${key} header ${h.name} with ${name}`, await send(route, plainPath, SAMPLES[key], { [h.name]: bad }), h.name.toLowerCase(), name);
        }
      }
      // Headers the audit log stores (the user agent) pass the same gate on every route.
      check(`${key} user-agent with nul`, await send(route, plainPath, SAMPLES[key], { 'user-agent': UNSTORABLE.nul }), 'user-agent', 'nul');
    }
    console.log(`string gate: ${checked.operations} operations, ${checked.fields} documented fields and parameters, ${checked.requests} requests`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked.operations).toBeGreaterThan(50);
    // What was accepted was cleaned on the way in: no control or bidi characters reached the tables.
    const mine = (await t.database.db('users').where({ id: member.userId }).first('bio')) as { bio: string };
    expect(mine.bio.startsWith('Baker and teacher.a')).toBe(true);
    const dirty = '[\\x01-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]';
    const { rows } = (await t.database.db.raw(
      `SELECT (SELECT count(*) FROM users WHERE concat(bio, speaker_topic) ~ ?)::int + (SELECT count(*) FROM speaker_sessions WHERE concat(session_title, session_description) ~ ?)::int AS n`,
      [dirty, dirty],
    )) as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses NUL in the fields of a multipart upload too', async () => {
    const member = await signInAs(t.app, t.database.db, 'strings_uploader');
    // Multipart carries raw UTF-8, which cannot hold a lone surrogate (it arrives as U+FFFD): NUL is what it can carry.
    for (const [name, bad] of Object.entries(UNSTORABLE).filter(([n]) => n === 'nul')) {
      const body = multipart([
        { name: 'note', value: bad },
        { name: 'audio', value: fakeWebm(), filename: 'take.webm', contentType: 'audio/webm' },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/me/audio', headers: { cookie: member.jar.header(), 'x-csrf-token': member.csrf!, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ note: [REASONS[name]] });
    }
  });
});
