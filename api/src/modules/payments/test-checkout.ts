import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { centsToDollars } from '@app/common/domain/money';
import { findLocalSession, localSessionObject, LOCAL_WEBHOOK_SECRET, settleLocalSession } from './test-provider';

const signer = new Stripe('sk_test_local_checkout_signer_only');

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f4ee;color:#0b1730}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px;font-weight:700;letter-spacing:.08em}
main{max-width:440px;margin:48px auto;padding:0 16px}.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px}
h1{font-size:22px;margin:0 0 8px}.amount{font-size:40px;font-weight:700;margin:16px 0}.desc{color:#334155;line-height:1.5}
.row{display:flex;gap:12px;margin-top:24px}button{flex:1;font-size:16px;font-weight:700;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#0b1730;color:#fff}.cancel{background:#fff;color:#0b1730;border:1px solid #94a3b8}.note{font-size:13px;color:#475569;margin-top:20px}
</style></head><body><div class="banner">TEST MODE — no real payment is taken</div><main>${body}</main></body></html>`;
}

/**
 * The local test-mode checkout page (only when no Stripe key is set; never in production): shows the
 * amount and description; Pay sends a signed Stripe-shaped checkout.session.completed event through
 * our own webhook route, Cancel sends checkout.session.expired; both then go back to the site.
 */
export const testCheckoutRoutes: FastifyPluginAsync = async (app) => {
  // Pay is a plain form post, so a refusal (the payment rate limit above all) must be a page a person can read, not JSON.
  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'test checkout failed');
    const back = `/checkout/test/${encodeURIComponent((req.params as { id?: string }).id ?? '')}`;
    const text = status < 500 ? err.message : 'Something went wrong. Please try again.';
    const body = `<div class="card"><h1>${status === 429 ? 'Please wait a moment' : 'Checkout error'}</h1><p class="desc">${escapeHtml(text)}</p>
<p class="desc"><a href="${back}">Back to the checkout</a></p></div>`;
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(status === 429 ? 'Too many attempts' : 'Checkout error', body));
  });

  // The page's Pay and Cancel are plain HTML forms (no script: the CSP allows none inline); their bodies carry nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const sendEvent = async (sessionId: string, type: 'checkout.session.completed' | 'checkout.session.expired') => {
    const row = await findLocalSession(app.db, sessionId);
    if (!row) return;
    const event = {
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: localSessionObject(row) },
    };
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET });
    const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    if (res.statusCode !== 200) throw new Error(`own webhook answered ${res.statusCode}: ${res.body}`);
  };

  // Like Stripe's, a local checkout past its expires_at closes unpaid (and says so through the webhook) when next opened.
  const current = async (id: string) => {
    const row = app.payments?.mode === 'test' ? await findLocalSession(app.db, id) : undefined;
    if (row?.status === 'open' && row.expires_at && row.expires_at.getTime() <= Date.now()) {
      await settleLocalSession(app.db, row.id, 'expired');
      await sendEvent(row.id, 'checkout.session.expired');
      return { ...row, status: 'expired' as const };
    }
    return row;
  };

  app.get<{ Params: { id: string } }>('/checkout/test/:id', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const row = await current(req.params.id);
    if (!row) return reply.status(404).type('text/html').send(page('Checkout not found', '<div class="card"><h1>Checkout not found</h1><p class="desc">This test checkout does not exist.</p></div>'));
    const done = row.status !== 'open';
    const body = `<div class="card"><h1>${escapeHtml(row.name)}</h1><p class="desc">${escapeHtml(row.description)}</p>
<div class="amount" data-testid="checkout-amount">$${Number(centsToDollars(Number(row.amount_cents))).toLocaleString('en-US', { minimumFractionDigits: 2 })}</div>
${done ? `<p class="desc">This checkout is ${row.status === 'complete' ? 'already paid' : 'closed'}.</p>` : `<div class="row">
<form method="post" action="/checkout/test/${encodeURIComponent(row.id)}/cancel" style="flex:1;display:flex"><button class="cancel" type="submit">Cancel</button></form>
<form method="post" action="/checkout/test/${encodeURIComponent(row.id)}/pay" style="flex:1;display:flex"><button class="pay" type="submit">Pay</button></form></div>`}
<p class="note">Local test checkout: Pay marks the payment paid through the same signed webhook Stripe would call.</p></div>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Test checkout', body));
  });

  app.post<{ Params: { id: string } }>('/checkout/test/:id/pay', { config: { access: 'public', limit: 'payment', csrf: false }, schema: { hide: true } }, async (req, reply) => {
    const row = await current(req.params.id);
    if (!row) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such test checkout' });
    if (row.status === 'open') {
      await settleLocalSession(app.db, row.id, 'paid');
      await sendEvent(row.id, 'checkout.session.completed');
    }
    return reply.redirect(row.status === 'expired' ? row.cancel_url : row.success_url, 303);
  });

  app.post<{ Params: { id: string } }>('/checkout/test/:id/cancel', { config: { access: 'public', csrf: false }, schema: { hide: true } }, async (req, reply) => {
    const row = app.payments?.mode === 'test' ? await findLocalSession(app.db, req.params.id) : undefined;
    if (!row) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such test checkout' });
    if (row.status === 'open') {
      await settleLocalSession(app.db, row.id, 'expired');
      await sendEvent(row.id, 'checkout.session.expired');
    }
    return reply.redirect(row.cancel_url, 303);
  });
};
