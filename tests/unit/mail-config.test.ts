import { describe, expect, it } from 'vitest';
import { mailKey, ZMailRequest } from '@app/common/schemas/mail';
import { loadWorkerConfig } from '../../worker/src/config';
import { createMailer } from '../../worker/src/mail/mailer';

const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };
const id = '6f1c0c2e-8f5b-4d3c-9a70-1d2e3f405162';

describe('mail configuration', () => {
  it('defaults to the outbox only, with a sender and links to localhost', () => {
    const c = loadWorkerConfig(base);
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.MAIL_FROM).toBe('ADX Trust <no-reply@localhost>');
    expect(c.WORKER_CONCURRENCY_MAIL).toBe(2);
    const mailer = createMailer(c);
    expect(mailer.transport.kind).toBe('outbox');
    expect(mailer.frame.publicUrl).toBe('http://localhost:3000');
  });

  it('uses SMTP when SMTP_URL is set, and refuses a URL that is not smtp:// or smtps://', () => {
    const c = loadWorkerConfig({ ...base, SMTP_URL: 'smtps://user:pass@relay.example.org:465', PUBLIC_URL: 'https://adx.example.org/' });
    const mailer = createMailer(c);
    expect(mailer.transport.kind).toBe('smtp');
    expect(mailer.messageIdDomain).toBe('adx.example.org');
    mailer.transport.close();
    expect(() => loadWorkerConfig({ ...base, SMTP_URL: 'https://relay.example.org' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});

describe('mail requests', () => {
  it('key one message per payment, submission and confirmation', () => {
    expect(mailKey({ kind: 'payment-confirmed', paymentKind: 'program', paymentId: id })).toBe(`payment-confirmed-${id}`);
    expect(mailKey({ kind: 'form-received', submissionId: id })).toBe(`form-received-${id}`);
    const a = mailKey({ kind: 'newsletter-confirm', subscriberId: id, token: 'A'.repeat(43) });
    const b = mailKey({ kind: 'newsletter-confirm', subscriberId: id, token: 'B'.repeat(43) });
    expect(a).not.toBe(b); // a new subscribe asks for a new link
    // BullMQ refuses custom job ids with ':'.
    expect([a, b].some((k) => k.includes(':'))).toBe(false);
  });

  it('refuses requests that name no facts, or extra fields', () => {
    expect(ZMailRequest.safeParse({ kind: 'payment-confirmed', paymentKind: 'program' }).success).toBe(false);
    expect(ZMailRequest.safeParse({ kind: 'form-received', submissionId: id, to: 'someone@example.org' }).success).toBe(false);
    expect(ZMailRequest.safeParse({ kind: 'speaker-invitation', sessionId: id, token: 'not-a-token' }).success).toBe(false);
  });
});
