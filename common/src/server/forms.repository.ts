import type { Knex } from 'knex';

/** The `form` values of form_submissions (its CHECK constraint lists the same). */
export type FormName = 'scholarship' | 'consultation' | 'incubator_application' | 'incubator_registration' | 'business_application' | 'feedback';

/** Stores one validated form submission and returns its id and time. */
export async function storeFormSubmission(
  db: Knex,
  s: { form: FormName; payload: object; email: string | null; userId: string | null; ip: string | null },
): Promise<{ id: string; submittedAt: string }> {
  const [row] = (await db('form_submissions')
    .insert({ form: s.form, payload: JSON.stringify(s.payload), email: s.email, user_id: s.userId, ip_address: s.ip })
    .returning(['id', 'created_at'])) as Array<{ id: string; created_at: Date }>;
  if (!row) throw new Error('form submission insert returned no row');
  return { id: row.id, submittedAt: row.created_at.toISOString() };
}
