import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { centsToDollars } from '@app/common/domain/payments';
import { findLocalSubscription, localInvoiceObject, startLocalSubscription } from './local-subscriptions';
import { escapeHtml, page } from './test-page';
import { localDeliver } from './test-portal';
import { findLocalSession, localSessionObject, LOCAL_WEBHOOK_SECRET, settleLocalSession } from './test-provider';

const signer = new Stripe('sk_test_local_checkout_signer_only');

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
  const deliver = localDeliver(app);
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
      data: { object: localSessionObject(row, row.mode === 'subscription' ? await findLocalSubscription(app.db, { checkout_session_id: row.id }) : undefined) },
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
<div class="amount" data-testid="checkout-amount">$${Number(centsToDollars(Number(row.amount_cents))).toLocaleString('en-US', { minimumFractionDigits: 2 })}${row.mode === 'subscription' ? ' / month' : ''}</div>
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
      // A subscription checkout starts its subscription and pays its first invoice, as Stripe Billing would.
      const sub = row.mode === 'subscription' ? await startLocalSubscription(app.db, row, app.clock()) : null;
      await sendEvent(row.id, 'checkout.session.completed');
      if (sub) await deliver('invoice.paid', localInvoiceObject(sub, 1, true));
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
