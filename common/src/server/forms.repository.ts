import type { Knex } from 'knex';
import type { FormKind, TFormStored, TSubmissionPage, TSubmissionQuery } from '../schemas/forms';
import { toCount } from './db';

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

interface SubmissionRow {
  id: string;
  form: FormKind;
  payload: Record<string, unknown>;
  email: string | null;
  user_id: string | null;
  username: string | null;
  ip_address: string | null;
  created_at: Date;
}

/** One page of stored submissions (of one form, or all), newest first, with the sender's username. */
export async function listFormSubmissions(db: Knex, { form, page, pageSize }: TSubmissionQuery): Promise<TSubmissionPage> {
  const base = db('form_submissions as s').modify((q) => {
    if (form) q.where('s.form', form);
  });
  const [rows, count] = await Promise.all([
    base
      .clone()
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select('s.id', 's.form', 's.payload', 's.email', 's.user_id', 'u.discord_username as username', 's.ip_address', 's.created_at')
      .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id', order: 'desc' }])
      .limit(pageSize)
      .offset((page - 1) * pageSize) as Promise<SubmissionRow[]>,
    base.clone().count({ n: '*' }).first() as Promise<{ n: string }>,
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      form: r.form,
      payload: r.payload,
      email: r.email,
      userId: r.user_id,
      username: r.username,
      ipAddress: r.ip_address,
      createdAt: r.created_at.toISOString(),
    })),
    total: toCount(count.n),
    page,
    pageSize,
  };
}
