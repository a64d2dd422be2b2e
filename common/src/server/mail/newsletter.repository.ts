import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TSubscriberList } from '../../schemas/mail';

export const NEWSLETTER_CONFIRM_HOURS = 48;

const token = () => randomBytes(32).toString('base64url');
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Records a subscribe request: a new or pending (or unsubscribed) address gets a fresh confirm token
 * that expires in 48 hours and must be confirmed again; a confirmed address is left as it is and gets
 * no mail. Returns what the confirmation mail needs, or null when none is to be sent.
 */
export async function requestSubscription(db: Knex, email: string): Promise<{ subscriberId: string; token: string } | null> {
  const address = email.trim().toLowerCase();
  const confirm = token();
  const [row] = (await db('newsletter_subscribers')
    .insert({
      email: address,
      status: 'pending',
      confirm_token_hash: sha256(confirm),
      confirm_expires_at: db.raw(`now() + interval '${NEWSLETTER_CONFIRM_HOURS} hours'`),
      unsubscribe_token: token(),
    })
    .onConflict('email')
    .merge({
      status: db.raw(`CASE WHEN newsletter_subscribers.status = 'confirmed' THEN 'confirmed' ELSE 'pending' END`),
      confirm_token_hash: db.raw(`CASE WHEN newsletter_subscribers.status = 'confirmed' THEN newsletter_subscribers.confirm_token_hash ELSE excluded.confirm_token_hash END`),
      confirm_expires_at: db.raw(`CASE WHEN newsletter_subscribers.status = 'confirmed' THEN newsletter_subscribers.confirm_expires_at ELSE excluded.confirm_expires_at END`),
      updated_at: db.fn.now(),
    })
    .returning(['id', 'status', 'confirm_token_hash'])) as Array<{ id: string; status: string; confirm_token_hash: string | null }>;
  if (!row || row.status !== 'pending' || row.confirm_token_hash !== sha256(confirm)) return null;
  return { subscriberId: row.id, token: confirm };
}

/** Confirms the subscription the token belongs to, while it has not expired; null when it did not. */
export async function confirmSubscription(db: Knex, confirmToken: string): Promise<{ subscriberId: string; confirmedAt: number } | null> {
  const [row] = (await db('newsletter_subscribers')
    .where({ confirm_token_hash: sha256(confirmToken), status: 'pending' })
    .where('confirm_expires_at', '>', db.fn.now())
    .update({ status: 'confirmed', confirmed_at: db.fn.now(), confirm_token_hash: null, confirm_expires_at: null, updated_at: db.fn.now() })
    .returning(['id', 'confirmed_at'])) as Array<{ id: string; confirmed_at: Date }>;
  return row ? { subscriberId: row.id, confirmedAt: row.confirmed_at.getTime() } : null;
}

/** Unsubscribes the holder of the token (any state); true when the token is known. */
export async function unsubscribe(db: Knex, unsubscribeToken: string): Promise<boolean> {
  const n = await db('newsletter_subscribers')
    .where({ unsubscribe_token: unsubscribeToken })
    .update({ status: 'unsubscribed', unsubscribed_at: db.fn.now(), confirm_token_hash: null, confirm_expires_at: null, updated_at: db.fn.now() });
  return n === 1;
}

/** The admins' subscriber list, newest first. */
export async function listSubscribers(db: Knex, limit = 500): Promise<TSubscriberList> {
  const [rows, count] = await Promise.all([
    db('newsletter_subscribers').orderBy('created_at', 'desc').limit(limit).select('id', 'email', 'status', 'created_at', 'confirmed_at') as Promise<
      Array<{ id: string; email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; created_at: Date; confirmed_at: Date | null }>
    >,
    db('newsletter_subscribers').count({ n: '*' }).first() as Promise<{ n: string }>,
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, email: r.email, status: r.status, createdAt: r.created_at.toISOString(), confirmedAt: r.confirmed_at?.toISOString() ?? null })),
    total: Number(count.n),
  };
}
