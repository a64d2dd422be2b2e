// Test data written straight into the database: members, signed-in sessions, speaker sessions, payments and
// ledger rows. A test says only what matters to it (overrides); everything else gets a unique, valid default,
// so tests do not spend a route's rate limit, a browser round trip or a page of INSERTs building their world.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createSession } from '@app/common/server/sessions/sessions.repository';
import { issueSpeakerToken } from '@app/common/server/sessions/speaker-sessions.repository';
import { appendToLog } from '@app/common/server/ledger/tlog.repository';
import { grantAdmin } from '@app/common/server/users.repository';
import { demoCohortInput } from '@app/common/server/program/demo-cohort';
import { insertCohort, type CohortRow } from '@app/common/server/program/cohorts.repository';
import type { TCohortInput } from '@app/common/schemas/program';

type Row = Record<string, unknown>;
/** A unique suffix for names and ids that must not collide within one database. */
const unique = () => randomBytes(4).toString('hex');

export interface UserRow {
  id: string;
  discord_id: string | null;
  discord_username: string | null;
  email: string | null;
}

/** A member who signed in before (a Discord identity); `admin` grants the admin role. */
export async function buildUser(db: Knex, overrides: Row & { admin?: boolean } = {}): Promise<UserRow> {
  const { admin, ...fields } = overrides;
  const name = (fields.discord_username as string | undefined) ?? `member_${unique()}`;
  const [user] = (await db('users')
    .insert({ discord_id: `dev:${name}`, discord_username: name, ...fields })
    .returning(['id', 'discord_id', 'discord_username', 'email'])) as UserRow[];
  if (admin) await grantAdmin(db, user!.id);
  return user!;
}

/** A signed-in browser session of `userId`: the cookie value (as the sign-in route sets it) and its CSRF token. */
export async function buildSignIn(db: Knex, userId: string, lifetimeMs = 3_600_000): Promise<{ cookie: string; csrfToken: string }> {
  const { id, csrfToken } = await createSession(db, userId, { idleMs: lifetimeMs, absoluteMs: lifetimeMs }, {});
  return { cookie: id, csrfToken };
}

/** A scheduled speaker session an hour from now (unless told), with its speaker if given. */
export async function buildSpeakerSession(db: Knex, overrides: Row = {}): Promise<{ id: string }> {
  const [session] = (await db('speaker_sessions')
    .insert({ session_title: `Session ${unique()}`, scheduled_date: new Date(Date.now() + 3_600_000), ...overrides })
    .returning('id')) as Array<{ id: string }>;
  return session!;
}

/** A scheduled speaker session and the speaker token that opens its studio (shown once, as the admin gets it). */
export async function buildSpeakerSessionWithToken(db: Knex, overrides: Row = {}): Promise<{ sessionId: string; token: string }> {
  const session = await buildSpeakerSession(db, overrides);
  const { token } = await issueSpeakerToken(db, session.id, null);
  return { sessionId: session.id, token };
}

/** A donation row ($10, pending, without tokens unless told). */
export async function buildDonation(db: Knex, overrides: Row = {}): Promise<{ id: string }> {
  const [row] = (await db('donations').insert({ amount_cents: 1000, ...overrides }).returning('id')) as Array<{ id: string }>;
  return row!;
}

/**
 * A cohort relative to `now` (default: the machine's time), open for enrolment, starting in about six weeks, 25
 * seats at $2,497 unless told; a unique number unless told.
 */
export async function buildCohort(db: Knex, overrides: Partial<TCohortInput> = {}, now = new Date()): Promise<CohortRow> {
  const max = (await db('cohorts').max({ n: 'number' }).first()) as { n: number | null };
  return insertCohort(db, demoCohortInput(now, { number: (max.n ?? 0) + 1, ...overrides }));
}

/** A program payment row ($2,497 program, pending unless told). */
export async function buildProgramPayment(db: Knex, overrides: Row = {}): Promise<{ id: string }> {
  const [row] = (await db('program_payments').insert({ kind: 'program', amount_cents: 249_700, description: 'Program', ...overrides }).returning('id')) as Array<{ id: string }>;
  return row!;
}

export interface LedgerRowInput {
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  source: 'admin' | 'investment' | 'donation' | 'seed';
}

/**
 * `count` public ledger rows (token_purchases), the i-th from `row(i)` over seeded defaults: investor codes that
 * sort in insertion order (`${prefix}00000`, …), one date, $10 for 100 tokens.
 */
export async function buildLedgerRows(db: Knex, count: number, row: (i: number) => Partial<LedgerRowInput> = () => ({}), prefix = `ZZ${unique().toUpperCase()}`): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    investor_id: `${prefix}${String(i).padStart(5, '0')}`,
    purchase_date: '2026-01-02',
    investment_amount_usd: '10.00',
    tokens_to_be_distributed: '100.00000000',
    source: 'seed' as const,
    ...row(i),
  }));
  await db.transaction(async (trx) => {
    for (let at = 0; at < rows.length; at += 500) await trx('token_purchases').insert(rows.slice(at, at + 500));
    await appendToLog(trx);
  });
}
