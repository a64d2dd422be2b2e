// The mail tests' sites: the API and the real workers on the fake Stripe, each mailing through a test SMTP relay or,
// without one, to its outbox only; a program enrolment paid through the webhook; what a parsed message says.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { createMailer } from '../../worker/src/mail/mailer';
import type { RunningWorkers } from '../../worker/src/workers';
import { buildCohort } from '../factories/index';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../fakes/stripe';
import { freePort, startTestApp, type TestApp } from './app';
import { deliver } from './payments';
import { signInAs } from './session';
import { createTestSmtp, type TestSmtp } from './smtp';
import { startTestWorker } from './worker';

export interface Site {
  t: TestApp;
  worker: RunningWorkers;
  /** The fake Stripe its payments go through. */
  stripe: FakeStripe;
}

async function startSite(stripe: FakeStripe, smtpUrl?: string): Promise<Site> {
  const t = await startTestApp({ env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.baseUrl, PUBLIC_URL: 'http://localhost:3000' } });
  const mailer = createMailer({ ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}), MAIL_FROM: 'ADX Trust <hello@adx.example>', MAIL_REPLY_TO: 'team@adx.example', PRODUCT_NAME: 'ADX Trust', PUBLIC_URL: 'http://localhost:3000' });
  const worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX, { mailer });
  await buildCohort(t.database.db);
  return { t, worker, stripe };
}

/** What {@link useMailSites} brings up: its fields are set in beforeAll, so read them inside hooks and tests. */
interface MailSites {
  stripe: FakeStripe;
  smtp: TestSmtp;
  /** The site mailing through `smtp`. */
  relayed: Site;
  /** The site without a relay (only with `outboxOnly: true`). */
  outboxOnly?: Site;
}

/**
 * The mail tests' set-up: registers beforeAll/afterAll hooks that start the fake Stripe, a test SMTP relay and a site
 * mailing through it (with `outboxOnly`, a second site without a relay beside it), each with a cohort, and close them
 * again.
 */
export function useMailSites(opts: { outboxOnly: boolean }): MailSites {
  const sites = {} as MailSites;
  beforeAll(async () => {
    sites.stripe = await startFakeStripe();
    sites.smtp = createTestSmtp(await freePort());
    await sites.smtp.start();
    [sites.relayed, sites.outboxOnly] = await Promise.all([startSite(sites.stripe, `smtp://127.0.0.1:${sites.smtp.port}`), opts.outboxOnly ? startSite(sites.stripe) : undefined]);
  });
  afterAll(async () => {
    for (const s of [sites.relayed, sites.outboxOnly]) {
      await s?.worker.close();
      await s?.t.close();
    }
    await sites.smtp?.stop();
    await sites.stripe?.close();
  });
  return sites;
}

/** Pays a program enrolment through the webhook `times` times (the same event re-sent, then new event ids for the same session). */
export async function payProgram(site: Site, username: string, email: string, times: number): Promise<FakeSession> {
  const member = await signInAs(site.t.app, site.t.database.db, username, { email });
  const res = await member.request('POST', '/api/payments/program', { kind: 'program' });
  expect(res.statusCode, res.body).toBe(200);
  const session = site.stripe.pay(String(res.json().url).split('/').pop()!);
  const first = site.stripe.event('checkout.session.completed', session);
  for (let i = 0; i < times; i++) {
    const e = i < times / 2 ? first : site.stripe.event('checkout.session.completed', session);
    const r = await deliver(site.t, e);
    expect(r.statusCode).toBe(200);
  }
  return session;
}

export const textOf = (m: ParsedMail) => m.text ?? '';
export const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
