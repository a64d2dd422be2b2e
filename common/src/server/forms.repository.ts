import type { Knex } from 'knex';
import type { FormKind, TFormStored } from '../schemas/forms';

/** Stores one validated form submission (one INSERT: nothing half-written) and returns its id and time. */
export async function storeFormSubmission(
  db: Knex,
  s: { form: FormKind; payload: object; email: string | null; userId: string | null; ip: string | null },
): Promise<TFormStored> {
  const [row] = (await db('form_submissions')
    .insert({ form: s.form, payload: JSON.stringify(s.payload), email: s.email, user_id: s.userId, ip_address: s.ip })
    .returning(['id', 'created_at'])) as Array<{ id: string; created_at: Date }>;
  if (!row) throw new Error('form submission insert returned no row');
  return { id: row.id, createdAt: row.created_at.toISOString() };
}
