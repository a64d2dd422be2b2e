import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A local TEST MODE checkout for a $25 donation; returns its session id. */
async function testCheckout(client = anonymous(t.app)): Promise<string> {
  const res = await client.request('POST', '/api/payments/donations', { amount: 2500 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url.split('/').pop()!;
}

describe('local TEST MODE checkout', () => {
  it('answers a Pay that trips the payment limit with a readable page, not raw JSON', async () => {
    const payer = anonymous(t.app);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await testCheckout());
    const answers = [];
    for (const id of ids) answers.push(await payer.request('POST', `/checkout/test/${id}/pay`, '', form));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    const refused = answers[5]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Too many attempts. Please wait before trying again.');
    expect(refused.body).toContain(`href="/checkout/test/${ids[5]}"`);
    expect(refused.body).not.toContain('"statusCode"');
    // Nothing was paid by the refused attempt.
    expect((await t.database.db('local_checkout_sessions').where({ id: ids[5] }).first()).status).toBe('open');
  });
});
