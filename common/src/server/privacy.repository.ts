import type { Knex } from 'knex';
import { DEFAULT_PRIVACY, type PrivacyFlags } from '../domain/privacy';
import { audit, type AuditContext } from './audit.repository';
import { toCount } from './db';

const COLUMNS = ['profile_visibility', 'email_visibility', 'directory_listing'] as const;

/** A member's three privacy switches (the defaults, all off, when never saved). */
export async function getPrivacy(db: Knex, userId: string): Promise<PrivacyFlags> {
  const row = (await db('user_privacy_settings').where({ user_id: userId }).first(COLUMNS)) as PrivacyFlags | undefined;
  return row ?? DEFAULT_PRIVACY;
}

/** Saves (upserts) a member's switches and audits the change from before to after, in one transaction. */
export async function savePrivacy(db: Knex, ctx: AuditContext & { userId: string }, flags: PrivacyFlags): Promise<PrivacyFlags> {
  return db.transaction(async (trx) => {
    const before = await getPrivacy(trx, ctx.userId);
    const [row] = (await trx('user_privacy_settings')
      .insert({ user_id: ctx.userId, ...flags })
      .onConflict('user_id')
      .merge({ ...flags, updated_at: trx.fn.now() })
      .returning(COLUMNS)) as PrivacyFlags[];
    await audit(trx, 'privacy_change', ctx, { before, after: flags });
    return row!;
  });
}

/** How many security events (sign-ins, privacy changes, …) a member had in the last `days` days. */
export async function countRecentSecurityEvents(db: Knex, userId: string, days = 30): Promise<number> {
  const events = (await db('security_audit_logs')
    .where({ user_id: userId })
    .where('created_at', '>', db.raw(`now() - make_interval(days => ?)`, [days]))
    .count({ n: '*' })
    .first()) as { n: string };
  return toCount(events.n);
}
