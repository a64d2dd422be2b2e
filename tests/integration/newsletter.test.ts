import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous, signInAs } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';
import type { RunningWorkers } from '../../worker/src/workers';

let t: TestApp;
let worker: RunningWorkers;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** The newest stored mail of `kind` to `to`, once the worker has written it. */
async function mailTo(to: string, kind: string): Promise<{ text_body: string; html_body: string }> {
  let row: { text_body: string; html_body: string } | undefined;
  await eventually(async () => Boolean((row = await t.database.db('mail_outbox').where({ to_address: to, kind }).orderBy('created_at', 'desc').first())), 15_000, `${kind} to ${to}`);
  return row!;
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`http://localhost:3000${path}\\?token=[A-Za-z0-9_-]+`).exec(text)![0]).searchParams.get('token')!;

describe('newsletter double opt-in', () => {
  it('subscribe → confirmation mail → confirm → listed as confirmed → welcome mail with unsubscribe link → unsubscribed', async () => {
    const visitor = anonymous(t.app);
    const res = await visitor.request('POST', '/api/newsletter/subscribe', { email: ' Reader@Example.org ' });
    expect(res.statusCode, res.body).toBe(202);
    const sub = await t.database.db('newsletter_subscribers').where({ email: 'reader@example.org' }).first();
    expect(sub.status).toBe('pending');

    const confirmMail = await mailTo('reader@example.org', 'newsletter-confirm');
    const token = linkIn(confirmMail.text_body, '/newsletter/confirm');
    expect(sub.confirm_token_hash).not.toContain(token); // stored hashed
    expect((await visitor.request('POST', '/api/newsletter/confirm', { token })).statusCode).toBe(200);
    expect((await visitor.request('POST', '/api/newsletter/confirm', { token })).statusCode).toBe(404); // used once

    const admin = await signInAs(t.app, t.database.db, 'news_admin', { admin: true });
    const list = await admin.request('GET', '/api/admin/newsletter/subscribers');
    expect(list.json().rows).toEqual([expect.objectContaining({ email: 'reader@example.org', status: 'confirmed' })]);
    expect((await visitor.request('GET', '/api/admin/newsletter/subscribers')).statusCode).toBe(401);

    const welcome = await mailTo('reader@example.org', 'newsletter-welcome');
    const unsubscribeToken = linkIn(welcome.text_body, '/newsletter/unsubscribe');
    expect(welcome.html_body).toContain('/newsletter/unsubscribe?token=');
    expect((await visitor.request('POST', '/api/newsletter/unsubscribe', { token: unsubscribeToken })).statusCode).toBe(200);
    expect((await t.database.db('newsletter_subscribers').where({ email: 'reader@example.org' }).first()).status).toBe('unsubscribed');
  });

  it('an expired confirmation link is refused; a confirmed address subscribing again gets no mail', async () => {
    const visitor = anonymous(t.app);
    await visitor.request('POST', '/api/newsletter/subscribe', { email: 'late@example.org' });
    const token = linkIn((await mailTo('late@example.org', 'newsletter-confirm')).text_body, '/newsletter/confirm');
    await t.database.db('newsletter_subscribers').where({ email: 'late@example.org' }).update({ confirm_expires_at: t.database.db.raw(`now() - interval '1 minute'`) });
    const expired = await visitor.request('POST', '/api/newsletter/confirm', { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toContain('expired');

    await visitor.request('POST', '/api/newsletter/subscribe', { email: 'late@example.org' });
    await eventually(async () => (await t.database.db('mail_outbox').where({ to_address: 'late@example.org', kind: 'newsletter-confirm' })).length === 2, 15_000, 'a new link');
    const fresh = linkIn((await mailTo('late@example.org', 'newsletter-confirm')).text_body, '/newsletter/confirm');
    expect((await visitor.request('POST', '/api/newsletter/confirm', { token: fresh })).statusCode).toBe(200);
    const again = await visitor.request('POST', '/api/newsletter/subscribe', { email: 'late@example.org' });
    expect(again.statusCode).toBe(202); // same answer: the form does not tell who is subscribed
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await t.database.db('mail_outbox').where({ to_address: 'late@example.org', kind: 'newsletter-confirm' })).toHaveLength(2);
  });

  it('refuses an invalid address with the form message and is rate limited like the forms', async () => {
    const visitor = anonymous(t.app);
    const bad = await visitor.request('POST', '/api/newsletter/subscribe', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please enter a valid email address');
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) codes.push((await visitor.request('POST', '/api/newsletter/subscribe', { email: `r${i}@example.org` })).statusCode);
    expect(codes.filter((c) => c === 202).length).toBeLessThanOrEqual(15);
    expect(codes.at(-1)).toBe(429);
  });
});
