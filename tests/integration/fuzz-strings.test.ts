import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../api/src/access';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { studioSpeaker } from '../helpers/studio';

/**
 * The deterministic half of the route fuzz test (fuzz-routes.test.ts generates the random half): every
 * documented string field of every JSON route gets NUL, lone surrogates, control and bidi characters
 * spliced into an otherwise valid request. NUL and lone surrogates must answer 4xx (Postgres cannot
 * store them), the others must never answer 5xx and must not reach the tables.
 */
let t: TestApp;
let routes: RouteAccess[] = [];
let docs: OpenApi;

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: 'query' | 'path' | 'header' }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

beforeAll(async () => {
  t = await startTestApp();
  routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/'));
  docs = (await t.app.inject('/api/docs/json')).json() as OpenApi;
});
afterAll(async () => {
  await t?.close();
});

function operation(route: RouteAccess): OpenApiOperation {
  const p = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
  return docs.paths[p]?.[route.method.toLowerCase()] ?? {};
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

describe('every string field: NUL and lone surrogates answer 4xx, control and bidi characters never 5xx', () => {
  it('checks each documented body field, query parameter and path parameter of every JSON route', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const admin = await signInAs(t.app, t.database.db, 'strings_admin', { admin: true });
    const member = await signInAs(t.app, t.database.db, 'strings_member');
    const speaker = (await studioSpeaker(t.app, t.database.db, 'Strings session')).client;
    const clientFor = (access: string): Client => (access === 'public' ? anonymous(t.app) : access === 'admin' ? admin : access === 'speaker' ? speaker : member);
    const send = async (route: RouteAccess, url: string, body?: Record<string, unknown>) => {
      const c = clientFor(route.access);
      const keys = await t.app.redis.keys(`${t.config.REDIS_PREFIX}:rl:*`);
      if (keys.length) await t.app.redis.del(...keys);
      return t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...(c.jar.cookies.size ? { cookie: c.jar.header() } : {}), ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    };
    const check = (what: string, status: number, unstorable: boolean, body: string) => {
      if (unstorable ? status < 400 || status >= 500 : status >= 500) failures.push(`${what}: ${status} ${body.slice(0, 160)}`);
    };
    // Sign-out would end the sessions the other checks use.
    for (const route of routes.filter((r) => r.url !== '/api/auth/sign-out')) {
      const op = operation(route);
      const plainPath = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
      const key = `${route.method} ${route.url}`;
      const bodyProps = Object.keys(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {});
      const isJson = Object.keys(op.requestBody?.content ?? {}).some((ct) => ct.includes('json'));
      for (const [name, bad] of [...Object.entries(UNSTORABLE), ...Object.entries(HARMLESS)]) {
        const unstorable = name in UNSTORABLE;
        if (isJson) {
          for (const prop of bodyProps) {
            // Spliced into a valid value, so length rules pass and only the character is at fault.
            const sample = SAMPLES[key]?.[prop];
            const res = await send(route, plainPath, { ...(SAMPLES[key] ?? {}), [prop]: typeof sample === 'string' ? `${sample.slice(0, 20)}${bad}${sample.slice(20)}` : bad });
            check(`${key} body.${prop} with ${name}`, res.statusCode, unstorable, res.body);
          }
        }
        // A URL cannot carry a lone surrogate; NUL and control characters it can.
        if (name.includes('surrogate')) continue;
        for (const q of (op.parameters ?? []).filter((p) => p.in === 'query')) {
          const res = await send(route, `${plainPath}?${q.name}=${encodeURIComponent(bad)}`);
          check(`${key} ?${q.name} with ${name}`, res.statusCode, unstorable, res.body);
        }
        for (const m of route.url.matchAll(/:(\w+)/g)) {
          const res = await send(route, route.url.replace(`:${m[1]}`, encodeURIComponent(bad)).replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'), SAMPLES[key]);
          check(`${key} :${m[1]} with ${name}`, res.statusCode, unstorable, res.body);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
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
});
