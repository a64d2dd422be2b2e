// The site's settings and token sale: anyone reads them, only admins change them (audited, with clear validation
// errors); each payment and ledger row keeps the rate it was sold at, and a closed sale takes no payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_SALE, SALE_CLOSED_MESSAGE } from '@app/common/domain/payments';
import type { TSiteData, TSiteSettings } from '@app/common/schemas/site';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { startTestApp, type TestApp } from '../helpers/app';
import { deliver, inboxDrained } from '../helpers/payments';
import { anonymous, signInAs, type Client } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let stripe: FakeStripe;
let t: TestApp;
let worker: RunningWorkers;
let admin: Client;
let member: Client;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl } });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
  admin = await signInAs(t.app, t.database.db, 'site_admin', { admin: true });
  member = await signInAs(t.app, t.database.db, 'site_member', { email: 'member@example.org' });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await stripe?.close();
});

const site = async () => (await anonymous(t.app).request('GET', '/api/site')).json() as TSiteData;
const setSale = (sale: Partial<typeof DEFAULT_TOKEN_SALE>) => admin.request('PUT', '/api/admin/site/token-sale', { ...DEFAULT_TOKEN_SALE, ...sale });

describe('site settings', () => {
  it('are public to read and start with every address unset', async () => {
    const s = await site();
    expect(s.settings.contactEmail).toBeUndefined();
    expect(s.settings.incubatorVideoUrl).toBeUndefined();
    expect(s.settings.sectors.economy).toBe('Economics');
    expect(s.tokenSale).toEqual(DEFAULT_TOKEN_SALE);
  });

  it('unset, show a poster without a player and hide the buttons they would open; set, the pages show them', async () => {
    const html = async (path: string) => (await anonymous(t.app).request('GET', path)).body;
    const pitch = await html('/pitch-deck');
    expect(pitch).toContain('data-testid="video-poster"');
    expect(pitch).not.toContain('Play video');
    expect(pitch).not.toContain('Join the Community');
    expect(await html('/dog-pound')).not.toContain('Join the Sessions on Discord');
    const { settings } = await site();
    const saved = await admin.request('PUT', '/api/admin/site/settings', { ...settings, pitchVideoUrl: 'https://youtu.be/dQw4w9WgXcQ', communityInviteUrl: 'https://discord.gg/adx-test' });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(async () => (await html('/pitch-deck')).includes('Play video'), 10_000, 'the pitch deck rendered again');
    expect(await html('/pitch-deck')).toContain('https://discord.gg/adx-test');
    expect(await html('/dog-pound')).toContain('Join the Sessions on Discord');
    await admin.request('PUT', '/api/admin/site/settings', settings);
  });

  it('are changed by admins only, audited with the keys that changed, and bump the content revision', async () => {
    const before = await site();
    const next: TSiteSettings = { ...before.settings, contactEmail: 'hello@adx.example.org', pitchVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    expect((await anonymous(t.app).request('PUT', '/api/admin/site/settings', next)).statusCode).toBe(401);
    expect((await member.request('PUT', '/api/admin/site/settings', next)).statusCode).toBe(403);
    const res = await admin.request('PUT', '/api/admin/site/settings', next);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TSiteData).revision).toBeGreaterThan(before.revision);
    expect((await site()).settings).toMatchObject({ contactEmail: 'hello@adx.example.org', pitchVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const last = await t.database.db('security_audit_logs').where({ event_type: 'admin_site_settings_updated', user_id: admin.userId }).orderBy('id', 'desc').first();
    expect(last.details).toEqual({ changed: ['contactEmail', 'pitchVideoUrl'] });
  });

  it('refuse a bad value with a message naming the field; a blank address means unset', async () => {
    const { settings } = await site();
    const bad = await admin.request('PUT', '/api/admin/site/settings', { ...settings, communityInviteUrl: 'discord.gg/x', roadmap: [] });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { fields: Record<string, string[]> }).fields;
    expect(fields.communityInviteUrl?.join()).toContain('https://');
    expect(fields.roadmap?.join()).toContain('at least one phase');
    const cleared = await admin.request('PUT', '/api/admin/site/settings', { ...settings, contactEmail: '', pitchVideoUrl: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await site()).settings.pitchVideoUrl).toBeUndefined();
  });
});

describe('the token sale', () => {
  it('is changed by admins only, audited with before and after, and validated field by field', async () => {
    expect((await member.request('PUT', '/api/admin/site/token-sale', DEFAULT_TOKEN_SALE)).statusCode).toBe(403);
    const bad = await setSale({ tokensPerDollar: '-3', maxCents: 50 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { fields: Record<string, string[]> }).fields).sort()).toEqual(['maxCents', 'tokensPerDollar']);
    const ok = await setSale({ tokensPerDollar: '12.5' });
    expect(ok.statusCode, ok.body).toBe(200);
    const log = await t.database.db('security_audit_logs').where({ event_type: 'admin_token_sale_updated' }).first();
    expect(log.details).toMatchObject({ before: { tokensPerDollar: '10' }, after: { tokensPerDollar: '12.5' } });
    expect((await setSale({})).statusCode).toBe(200);
  });

  it('prices investments and donations alike, keeps the rate on each row, and a later change rewrites nothing', async () => {
    await setSale({ tokensPerDollar: '20' });
    const inv = await member.request('POST', '/api/payments/investments', { amount: 150 });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.json().adx_tokens).toBe('3000.00000000');
    const don = await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 15_000, wantsAdxTokens: true });
    expect(don.statusCode, don.body).toBe(200);
    await setSale({ tokensPerDollar: '5' });
    for (const url of [inv.json().url, don.json().url] as string[]) await deliver(t, stripe.event('checkout.session.completed', stripe.pay(url.split('/').pop()!)));
    await eventually(() => inboxDrained(t.database.db), 20_000, 'events applied');
    const rows = await t.database.db('token_purchases').whereIn('source', ['investment', 'donation']).orderBy('id');
    expect(rows.map((r) => [r.source, r.investment_amount_usd, r.tokens_to_be_distributed, r.tokens_per_dollar])).toEqual([
      ['investment', '150.00', '3000.00000000', '20.0000'],
      ['donation', '150.00', '3000.00000000', '20.0000'],
    ]);
    expect(await t.database.db('investments').where({ id: inv.json().investment_id }).first('tokens_per_dollar')).toEqual({ tokens_per_dollar: '20.0000' });
    await setSale({});
    const again = await t.database.db('token_purchases').whereIn('source', ['investment', 'donation']).orderBy('id');
    expect(again).toEqual(rows);
  });

  it('applies the minimum and maximum the admin set', async () => {
    await setSale({ minCents: 2_500, maxCents: 50_000 });
    expect((await member.request('POST', '/api/payments/investments', { amount: 30 })).statusCode).toBe(200);
    const high = await member.request('POST', '/api/payments/investments', { amount: 600 });
    expect([high.statusCode, high.json().message]).toEqual([400, 'Maximum investment amount is $500.']);
    await setSale({});
  });

  it('closed, takes no payment that would buy tokens and says why; a plain donation still goes through', async () => {
    await setSale({ open: false });
    const pending = async () => Number(((await t.database.db('investments').count({ n: '*' }).first()) as { n: string }).n);
    const count = await pending();
    const inv = await member.request('POST', '/api/payments/investments', { amount: 200 });
    expect([inv.statusCode, inv.json().message]).toEqual([409, SALE_CLOSED_MESSAGE]);
    const don = await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 2_000, wantsAdxTokens: true });
    expect([don.statusCode, don.json().message]).toEqual([409, SALE_CLOSED_MESSAGE]);
    expect(await pending()).toBe(count);
    expect((await anonymous(t.app).request('POST', '/api/payments/donations', { amount: 2_000 })).statusCode).toBe(200);
    await setSale({});
  });
});
