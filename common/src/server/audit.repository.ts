import type { Knex } from 'knex';

/** Security-relevant events written to security_audit_logs. */
export type AuditEvent =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'privacy_change'
  | 'admin_access_refused'
  | 'admin_add_purchase'
  | 'admin_refund_requested'
  | 'admin_cohort_created'
  | 'admin_cohort_updated'
  | 'seat_refund_requested'
  | 'admin_role_granted'
  | 'speaker_token_generated'
  | 'session_recording_url_updated'
  | 'investment_started'
  | 'admin_site_settings_updated'
  | 'admin_token_sale_updated';

/** Who did it and from where. */
export interface AuditContext {
  userId: string | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Appends one audit event. */
export async function audit(db: Knex, event: AuditEvent, ctx: AuditContext, details: Record<string, unknown> = {}): Promise<void> {
  await db('security_audit_logs').insert({
    user_id: ctx.userId,
    event_type: event,
    ip_address: ctx.ip ?? null,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
    details: JSON.stringify(details),
  });
}
