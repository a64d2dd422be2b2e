import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPlugin } from '../../api/src/plugins/access';
import type { Access } from '../../api/src/access';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSubscription } from '@app/common/server/payments/monthly';
import { buildSpeakerSessionWithToken } from '../factories/index';
import { anonymous, signInAs, type Client } from '../helpers/session';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern (path parameters get sample values). */
function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name.toLowerCase().includes('id') ? '00000000-0000-4000-8000-000000000000' : 'sample'));
}

type Role = 'anonymous' | 'member' | 'otherMember' | 'admin' | 'speaker';
const ROLES = ['anonymous', 'member', 'otherMember', 'admin', 'speaker'] as const;

/** A speaker: an anonymous client holding a studio credential for a fresh scheduled session. */
async function speakerClient(): Promise<Client> {
  const { token } = await buildSpeakerSessionWithToken(t.database.db, { session_title: `matrix ${n}`, scheduled_date: new Date(Date.now() + 86_400_000) });
  const client = anonymous(t.app);
  const res = await client.request('POST', '/api/speaker/authenticate', { token });
  if (!res.json().valid) throw new Error(`speaker sign-in failed: ${res.body}`);
  return client;
}

async function clientFor(role: Role): Promise<Client> {
  n += 1;
  if (role === 'anonymous') return anonymous(t.app);
  if (role === 'speaker') return speakerClient();
  return signInAs(t.app, t.database.db, `${role.toLowerCase()}_${n}`, { admin: role === 'admin' });
}

/**
 * What each declared access allows, by role: 'allowed' = must not be refused with 401/403. A speaker
 * (studio credential) is not a member; members and admins hold no studio credential.
 */
const EXPECTED: Record<Access, Record<Role, 401 | 403 | 'allowed'>> = {
  public: { anonymous: 'allowed', member: 'allowed', otherMember: 'allowed', admin: 'allowed', speaker: 'allowed' },
  member: { anonymous: 401, member: 'allowed', otherMember: 'allowed', admin: 'allowed', speaker: 401 },
  admin: { anonymous: 401, member: 403, otherMember: 403, admin: 'allowed', speaker: 401 },
  speaker: { anonymous: 401, member: 401, otherMember: 401, admin: 401, speaker: 'allowed' },
};

describe('authorization matrix: every registered route, every role', () => {
  it('has routes to check', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(5);
  });

  // Every route for every role, each from a client signed in afresh: hundreds of requests, past 30 s on a loaded machine.
  it('enforces each route\'s declared access on the server', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const route of t.app.routeAccess) {
      for (const role of ROLES) {
        const client = await clientFor(role);
        // Sent as a browser on our pages would: writes carry our Origin (what the queue dashboard's routes check in place of the CSRF token).
        // An event stream (the ledger's live updates) is read up to its first bytes, then closed.
        const res = await client.request(route.method, sampleUrl(route.url), ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined, { origin: t.config.publicUrl }, { eventStream: route.eventStream });
        const want = EXPECTED[route.access][role];
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const ok = want === 'allowed' ? !refused : res.statusCode === want;
        if (!ok) failures.push(`${route.method} ${route.url} (${route.access}) as ${role}: got ${res.statusCode}, want ${want}`);
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${role}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lists every API route of the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    // The OpenAPI document writes `:name` as `{name}` and a trailing wildcard as `{*}`.
    const declared = new Set(t.app.routeAccess.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`));
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((d) => !declared.has(d))).toEqual([]);
  });

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(fp(async (a) => void a.decorate('db', t.database.db), { name: 'db' }));
    await app.register(accessPlugin, { lifetime: { idleMs: 1, absoluteMs: 1 }, secureCookies: false, publicUrl: 'http://localhost' });
    await expect(
      app.register(async (scope) => {
        scope.get('/api/forgotten', async () => 'oops');
      }),
    ).rejects.toThrow('route GET /api/forgotten declares no access (config.access)');
    await app.close();
  });

  it('audits refused admin access', async () => {
    const member = await clientFor('member');
    expect((await member.request('GET', '/api/admin/purchases')).statusCode).toBe(403);
    const logged = await t.database.db('security_audit_logs').where({ user_id: member.userId, event_type: 'admin_access_refused' });
    expect(logged).toHaveLength(1);
    expect(logged[0].details).toEqual({ route: 'GET /api/admin/purchases' });
  });
});

describe('monthly gifts belong to the member who gives', () => {
  it('lists and opens the portal for the owner only; another member and an admin get nothing of it', async () => {
    const [owner, other, admin] = [await clientFor('member'), await clientFor('otherMember'), await clientFor('admin')];
    const id = await insertSubscription(t.database.db, { amountCents: 1200, donorName: null, message: null, userId: owner.userId, email: null, rate: null });
    await t.database.db('donation_subscriptions').where({ id }).update({ status: 'active', provider_customer_id: 'cus_local_matrix' });
    const listed = (c: Client) => c.request('GET', '/api/payments/monthly').then((r) => (r.json() as { rows: Array<{ id: string }> }).rows.map((g) => g.id));
    expect(await listed(owner)).toEqual([id]);
    expect(await listed(other)).toEqual([]);
    expect(await listed(admin)).toEqual([]);
    expect((await owner.request('POST', `/api/payments/monthly/${id}/portal`)).statusCode).toBe(200);
    for (const c of [other, admin]) expect((await c.request('POST', `/api/payments/monthly/${id}/portal`)).statusCode).toBe(404);
    expect((await anonymous(t.app).request('POST', `/api/payments/monthly/${id}/portal`)).statusCode).toBe(401);
    // The receipt link is the mail holder's key: without a valid signature it opens nothing, for anyone.
    expect((await admin.request('GET', `/api/payments/monthly/manage?token=${id}.9999999999.${'A'.repeat(43)}`)).statusCode).toBe(403);
  });
});

describe('CSRF and origin checks on cookie-authenticated changes', () => {
  it('refuses a state-changing call without the CSRF token, and one from another origin', async () => {
    const member = await clientFor('member');
    const token = member.csrf;
    member.csrf = null;
    const noToken = await member.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: false, directory_listing: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toMatch(/CSRF/);
    member.csrf = 'wrong';
    expect((await member.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: false, directory_listing: false })).statusCode).toBe(403);
    member.csrf = token;
    const crossSite = await member.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: false, directory_listing: false }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const ok = await member.request('PUT', '/api/me/privacy', { profile_visibility: true, email_visibility: false, directory_listing: false }, { origin: 'http://localhost:3000' });
    expect(ok.statusCode).toBe(200);
  });

  it('signs out for good: the old cookie no longer works', async () => {
    const member = await clientFor('member');
    const cookie = member.jar.header();
    expect((await member.request('POST', '/api/auth/sign-out')).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me/privacy', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });
});

describe('/account: each caller reads their own payments only', () => {
  it('a member never sees another member’s payments, and an admin sees only their own', async () => {
    const member = await clientFor('member');
    const other = await clientFor('otherMember');
    const admin = await clientFor('admin');
    const db = t.database.db;
    const donation = async (userId: string | null) => ((await db('donations').insert({ amount_cents: 2500, user_id: userId, status: 'paid', paid_at: new Date() }).returning('id')) as Array<{ id: string }>)[0]!.id;
    const mine = await donation(member.userId);
    const theirs = await donation(other.userId);
    const admins = await donation(admin.userId);
    const ids = async (c: Client) => ((await c.request('GET', '/api/account')).json() as { page: { payments: Array<{ id: string }> } }).page.payments.map((p) => p.id);
    expect(await ids(member)).toEqual([mine]);
    expect(await ids(other)).toEqual([theirs]);
    expect(await ids(admin)).toEqual([admins]);
    for (const c of [other, admin]) {
      expect((await c.request('GET', `/api/account/payments/donation/${mine}/receipt`)).statusCode).toBe(404);
      const page = (await c.request('GET', '/api/account/payments?limit=100')).json() as { payments: Array<{ id: string }> };
      expect(page.payments.map((p) => p.id)).not.toContain(mine);
    }
  });
});
