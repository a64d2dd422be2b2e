import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { centsToDollars } from '@app/common/domain/payments';
import { cancelLocalSubscription, findLocalSubscription, renewDue, setLocalDecline, type Deliver, type LocalSubscriptionRow } from './local-subscriptions';
import { escapeHtml, page } from './test-page';
import { signLocalEvent } from './test-provider';

/** Sends a signed Stripe-shaped event of the local provider through our own webhook route, as Stripe would. */
export function localDeliver(app: FastifyInstance): Deliver {
  return async (type, object) => {
    const { payload, signature } = signLocalEvent(type, object);
    const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    if (res.statusCode !== 200) throw new Error(`own webhook answered ${res.statusCode}: ${res.body}`);
  };
}

const money = (cents: string) => `$${Number(centsToDollars(Number(cents))).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function portalBody(s: LocalSubscriptionRow, back: string | null): string {
  const action = (verb: string, label: string, cls: string) =>
    `<form method="post" action="/checkout/test/portal/${encodeURIComponent(s.customer_id)}/${verb}${back ? `?return=${encodeURIComponent(back)}` : ''}" style="flex:1;display:flex"><button class="${cls}" type="submit">${label}</button></form>`;
  const running = s.status !== 'canceled';
  return `<div class="card"><h1>Your monthly gift</h1>
<div class="amount" data-testid="portal-amount">${money(s.amount_cents)} / month</div>
<p class="desc" data-testid="portal-status">Status: ${escapeHtml(s.status.replace('_', ' '))}${running ? ` · next payment ${s.current_period_end.toISOString().slice(0, 10)}` : ''}</p>
${running ? `<div class="row">${action('cancel', 'Cancel monthly gift', 'cancel')}${action('renew', 'Bill the next month now', 'pay')}</div>
<div class="row">${action(s.decline_renewals ? 'accept' : 'decline', s.decline_renewals ? 'Let the card pay again' : 'Make the card decline renewals', 'cancel')}</div>` : ''}
${back ? `<p class="desc"><a href="${escapeHtml(back)}">Back to the site</a></p>` : ''}
<p class="note">Local test portal: stands in for Stripe's Customer Portal; each button sends the signed event Stripe would.</p></div>`;
}

/**
 * The TEST MODE customer portal (only when no Stripe key is set; never in production): cancel, bill the next month
 * now, or make the card decline; and POST /checkout/test/subscriptions/renew-due, which bills every period the
 * app's clock has passed (tests move the clock a month and call it).
 */
export const testPortalRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, opts) => {
  const deliver = localDeliver(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  // Only back to this site: the portal's return link is never an open redirect.
  const backOf = (q: unknown) => {
    const r = (q as { return?: string }).return;
    return typeof r === 'string' && r.startsWith(`${opts.publicUrl}/`) ? r : null;
  };
  const mine = async (customerId: string) => (app.payments?.mode === 'test' ? findLocalSubscription(app.db, { customer_id: customerId }) : undefined);

  app.get<{ Params: { customerId: string } }>('/checkout/test/portal/:customerId', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const s = await mine(req.params.customerId);
    const html = s ? page('Test portal', portalBody(s, backOf(req.query))) : page('Not found', '<div class="card"><h1>Not found</h1><p class="desc">No such test customer.</p></div>');
    return reply.status(s ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.post<{ Params: { customerId: string; verb: string } }>('/checkout/test/portal/:customerId/:verb', { config: { access: 'public', limit: 'payment', csrf: false }, schema: { hide: true } }, async (req, reply) => {
    const s = await mine(req.params.customerId);
    if (!s) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such test customer' });
    if (req.params.verb === 'cancel') await cancelLocalSubscription(app.db, deliver, s.id);
    else if (req.params.verb === 'renew' && s.status !== 'canceled') await renewDue(app.db, deliver, s.current_period_end);
    else if (req.params.verb === 'decline' || req.params.verb === 'accept') await setLocalDecline(app.db, s.id, req.params.verb === 'decline');
    else return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such action' });
    const back = backOf(req.query);
    return reply.redirect(`/checkout/test/portal/${encodeURIComponent(s.customer_id)}${back ? `?return=${encodeURIComponent(back)}` : ''}`, 303);
  });

  app.post('/checkout/test/subscriptions/renew-due', { config: { access: 'public', csrf: false }, schema: { hide: true } }, async (_req, reply) => {
    if (app.payments?.mode !== 'test') return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not in test mode' });
    return { invoices: await renewDue(app.db, deliver, app.clock()) };
  });
};
