import type { Knex } from 'knex';
import type { TOutboxPage } from '../../schemas/mail';
import { toCount } from '../db';
import type { MailMessage, MailTransport } from './transport';

export type DeliveryResult = { delivered: true; transport: 'outbox' | 'smtp' } | { delivered: false; reason: 'already-sent' };

/**
 * Records and delivers one message at most once per key. The row is inserted and locked in one
 * transaction that stays open while the relay is talking, so a concurrent duplicate waits and then
 * finds it sent; a relay failure rolls the row back and the job is retried.
 */
export async function deliverOnce(db: Knex, transport: MailTransport, key: string, kind: string, m: MailMessage, messageIdDomain: string): Promise<DeliveryResult> {
  return db.transaction(async (trx) => {
    await trx('mail_outbox')
      .insert({ message_key: key, kind, to_address: m.to, subject: m.subject, text_body: m.text, html_body: m.html, transport: transport.kind })
      .onConflict('message_key')
      .ignore();
    const row = (await trx('mail_outbox').where({ message_key: key }).forUpdate().first('id', 'sent_at')) as { id: string; sent_at: Date | null };
    if (row.sent_at) return { delivered: false, reason: 'already-sent' } as const;
    const smtpId = await transport.send(m, `<${key}@${messageIdDomain}>`);
    await trx('mail_outbox').where({ id: row.id }).update({ sent_at: trx.fn.now(), smtp_message_id: smtpId, transport: transport.kind });
    return { delivered: true, transport: transport.kind } as const;
  });
}

interface OutboxRow {
  id: string;
  message_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  transport: 'outbox' | 'smtp';
  created_at: Date;
  sent_at: Date | null;
}

/** The admins' outbox: newest first, optionally for one recipient. */
export async function listOutbox(db: Knex, q: { to?: string | undefined; page: number; pageSize: number }): Promise<TOutboxPage> {
  const base = db('mail_outbox').modify((b) => {
    if (q.to) b.where('to_address', q.to.trim().toLowerCase());
  });
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select('*')
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize) as Promise<OutboxRow[]>,
    base.clone().count({ n: '*' }).first() as Promise<{ n: string }>,
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      key: r.message_key,
      kind: r.kind,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      transport: r.transport,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    })),
    total: toCount(count.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}
