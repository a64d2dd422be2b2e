import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eSite } from '../helpers/e2e';
import { pageSignedInThroughPage } from '../helpers/site';

const site = useE2eSite();

/** Starts a checkout from the page (its cookies and CSRF token) and returns the local session id. */
async function startCheckout(page: Page, path: string, body: unknown): Promise<string> {
  const url = await page.evaluate(
    async ([p, b]) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string | null };
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(session.csrfToken ? { 'x-csrf-token': session.csrfToken } : {}) };
      const res = await fetch(p as string, { method: 'POST', headers, body: JSON.stringify(b) });
      return ((await res.json()) as { url: string }).url;
    },
    [path, body] as const,
  );
  expect(url).toMatch(/\/checkout\/test\//);
  return url.split('/').pop()!;
}

/** Presses Pay or Cancel of a local checkout from outside the browser (what the payer does in another tab). */
async function settle(sessionId: string, action: 'pay' | 'cancel'): Promise<void> {
  const res = await fetch(`${site.app.baseUrl}/checkout/test/${sessionId}/${action}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.status).toBe(303);
}

async function expectNoSuccessClaim(page: Page, texts: string[]): Promise<void> {
  const body = await page.locator('main').innerText();
  for (const text of texts) expect(body).not.toContain(text);
}

describe('payment and donation success pages only say "successful" for money that moved', () => {
  it('/payment-success: no session, an unknown session and a cancelled program checkout each fail clearly with a way back', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/payment-success`);
    await page.getByRole('heading', { name: 'There is no payment to show here' }).waitFor();
    await page.getByRole('link', { name: 'Back to Pitch Deck' }).waitFor();
    await expectNoSuccessClaim(page, ['Payment Successful!']);

    await page.goto(`${site.app.baseUrl}/payment-success?session_id=cs_test_never_issued`);
    await page.getByRole('heading', { name: 'Payment verification failed' }).waitFor();
    await expectNoSuccessClaim(page, ['Payment Successful!']);

    const id = await startCheckout(page, '/api/payments/program', { kind: 'program' });
    await settle(id, 'cancel');
    await page.goto(`${site.app.baseUrl}/payment-success?session_id=${id}`);
    await page.getByRole('heading', { name: 'Payment verification failed' }).waitFor();
    await page.getByText('no money was taken').waitFor();
    await expectNoSuccessClaim(page, ['Payment Successful!']);
    expect(await page.title()).not.toMatch(/successful/i);
    await page.close();
  });

  it('/donation-success: a pending donation keeps verifying, then says it is not confirmed; paying later turns it into the thanks', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/`);
    const id = await startCheckout(page, '/api/payments/donations', { amount: 1500, wantsAdxTokens: true });
    await page.clock.install();
    // The 60 s limit starts once the first verify answer says pending: fast-forwarding before that answer arrives
    // (the prerendered page shows the spinner before the app has even asked) would skip nothing.
    const isVerify = (r: Request) => r.url().includes('/api/payments/verify') && r.method() === 'POST';
    const firstAnswer = page.waitForResponse((r) => isVerify(r.request()));
    // The page polls while the payment is pending; the fast-forward fires one last poll, which may still be on its way
    // when the payment is settled below. It would come back paid and turn the page into the thanks by itself, and the
    // "Check again" this test clicks would be gone. So the payment is settled only once no poll is in flight.
    let verifying = 0;
    page.on('request', (r) => void (isVerify(r) && verifying++));
    const finished = (r: Request) => void (isVerify(r) && verifying--);
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    await page.goto(`${site.app.baseUrl}/donation-success?session_id=${id}`);
    await firstAnswer;
    await page.waitForTimeout(500); // for the page to read that answer and start its timer
    await page.getByText('Verifying your payment...').waitFor();
    await expectNoSuccessClaim(page, ['Thank You for Your Donation!']);
    await page.clock.fastForward(61_000);
    await page.getByRole('heading', { name: 'Your payment is not confirmed yet' }).waitFor();
    await expectNoSuccessClaim(page, ['Thank You for Your Donation!', 'Your ADX tokens']);

    await expect.poll(() => verifying, { timeout: 15_000 }).toBe(0);
    await settle(id, 'pay');
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Donation!' }).waitFor();
    expect(await page.getByTestId('donation-tokens-result').innerText()).toContain('150 ADX');
    await page.close();
  });

  it('/donation-success: a cancelled and an unknown donation fail, and no session id says so', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/`);
    const id = await startCheckout(page, '/api/payments/donations', { amount: 1200 });
    await settle(id, 'cancel');
    await page.goto(`${site.app.baseUrl}/donation-success?session_id=${id}`);
    await page.getByRole('heading', { name: 'Payment verification failed' }).waitFor();
    await page.getByRole('link', { name: 'Return to Homepage' }).waitFor();
    await expectNoSuccessClaim(page, ['Thank You for Your Donation!']);
    await page.goto(`${site.app.baseUrl}/donation-success?session_id=cs_test_never_issued`);
    await page.getByRole('heading', { name: 'Payment verification failed' }).waitFor();
    await page.goto(`${site.app.baseUrl}/donation-success`);
    await page.getByRole('heading', { name: 'There is no payment to show here' }).waitFor();
    await expectNoSuccessClaim(page, ['Thank You for Your Donation!']);
    await page.close();
  });
});

describe('success pages without a session id', () => {
  it('/investment-success without a session id says so plainly, once (no toast repeating it)', async () => {
    const { context, page } = await pageSignedInThroughPage(site.browser, site.app.baseUrl, 'no_session_investor');
    await page.goto(`${site.app.baseUrl}/investment-success`);
    await page.getByRole('heading', { name: 'There is no payment to show here' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('There is no payment to show here').count()).toBe(1);
    expect(await page.getByText('No session ID found').count()).toBe(0);
    await context.close();
  });
});

describe('program checkout button', () => {
  it("'Sponsor a Student - $2,497' opens the checkout in a new tab", async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/pitch-deck`);
    const popup = page.waitForEvent('popup');
    await page.locator('#growth').getByRole('button', { name: /Sponsor a Student - \$2,497/ }).click();
    const tab = await popup;
    await tab.waitForURL(/\/checkout\/test\//);
    expect(await tab.getByTestId('checkout-amount').innerText()).toBe('$2,497.00');
    await page.close();
  });
});

describe('/investment-success', () => {
  it('asks a signed-out visitor to sign in instead of verifying forever', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.baseUrl}/investment-success?session_id=cs_test_someone_elses`);
    await page.getByText('Please sign in to see your investment.').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Sign In to Continue' }).waitFor();
    await page.close();
  });

  it('never says "allocated" for a cancelled or pending purchase; a pending one turns successful live when it is paid', async () => {
    const { context, page } = await pageSignedInThroughPage(site.browser, site.app.baseUrl, 'careful_buyer');
    const cancelled = await startCheckout(page, '/api/payments/investments', { amount: 500 });
    await settle(cancelled, 'cancel');
    await page.goto(`${site.app.baseUrl}/investment-success?session_id=${cancelled}`);
    await page.getByRole('heading', { name: 'Payment verification failed' }).waitFor();
    await page.getByRole('link', { name: 'Back to Investment Portal' }).waitFor();
    await expectNoSuccessClaim(page, ['Investment Successful!', 'allocated']);

    const pending = await startCheckout(page, '/api/payments/investments', { amount: 700 });
    await page.goto(`${site.app.baseUrl}/investment-success?session_id=${pending}`);
    await page.getByText('Verifying your payment...').waitFor();
    await expectNoSuccessClaim(page, ['Investment Successful!', 'allocated']);
    await settle(pending, 'pay');
    await page.getByRole('heading', { name: 'Investment Successful!' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('tokens-allocated').innerText()).toBe('7,000 ADX');
    await context.close();
  });

  it('a signed-in member whose first session check fails (a busy server) still sees the paid purchase, not a signed-out spinner', async () => {
    const { context, page } = await pageSignedInThroughPage(site.browser, site.app.baseUrl, 'returning_buyer');
    const id = await startCheckout(page, '/api/payments/investments', { amount: 300 });
    await settle(id, 'pay');
    let failures = 1;
    await page.route('**/api/auth/session', (route) => (failures-- > 0 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"error":"Service Unavailable","message":"busy"}' }) : route.continue()));
    await page.goto(`${site.app.baseUrl}/investment-success?session_id=${id}`);
    await page.getByRole('heading', { name: 'Investment Successful!' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('tokens-allocated').innerText()).toBe('3,000 ADX');
    await context.close();
  });
});
