import type { Knex } from 'knex';
import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger/ledger.repository';
import { seedDemoCohort } from '@app/common/server/program/demo-cohort';
import { SESSION_MINUTES } from '@app/common/domain/flyer';
import { nextSessionDay, sessionTime } from '@app/common/domain/session-time';
import { seedSiteSettings } from './demo-site';

/**
 * Demo ledger: 36 purchases by 30 investors over 2025, deterministic so that seeding twice changes
 * nothing (each row has a unique seed payment reference).
 */
export function demoLedgerRows(): NewLedgerRow[] {
  const rows: NewLedgerRow[] = [];
  const amounts = [100, 250, 500, 1000, 1500, 2500, 5000, 7500, 10000, 25000, 100, 300];
  for (let i = 1; i <= 36; i++) {
    const investor = ((i - 1) % 30) + 1; // investors 1-6 buy twice
    const dollars = amounts[i % amounts.length] ?? 100;
    const month = ((i * 7) % 12) + 1;
    const day = ((i * 11) % 28) + 1;
    const viaDonation = i % 9 === 0;
    rows.push({
      investor_id: `ADX${String(investor).padStart(4, '0')}`,
      purchase_date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      investment_amount_usd: `${dollars}.00`,
      // Portal purchases give 10 ADX per dollar; donations give one token per cent (the spec's two rules).
      tokens_to_be_distributed: viaDonation ? `${dollars * 100}.00000000` : `${dollars * 10}.00000000`,
      source: 'seed',
      payment_reference: `seed:${i}`,
    });
  }
  return rows;
}

/** Demo members (dev sign-in accounts), listed in the directory, some with a speaker topic. */
const DEMO_MEMBERS = [
  { username: 'amara_okafor', bio: 'Founder of a community bakery cooperative in Atlanta.', topic: 'Owning the corner store: cooperative ownership' },
  { username: 'marcus_lee', bio: 'Software engineer and mentor for first-time founders.', topic: 'Ship it small: your first product in 30 days' },
  { username: 'sofia_ramirez', bio: 'Bookkeeper who helps small businesses get investor-ready.', topic: null },
  { username: 'james_carter', bio: 'Youth pastor and financial literacy teacher.', topic: 'Faith, family and the family budget' },
  { username: 'leila_haddad', bio: null, topic: null },
  { username: 'david_kim', bio: 'Independent filmmaker; building a creators collective.', topic: null },
  { username: 'grace_mensah', bio: 'Attorney focused on small-business compliance.', topic: null },
  { username: 'noah_williams', bio: 'Student in the first cohort of I Am The Business.', topic: null },
] as const;

async function seedMembers(db: Knex): Promise<number> {
  let created = 0;
  for (const [i, m] of DEMO_MEMBERS.entries()) {
    const inserted = (await db('users')
      .insert({
        discord_id: `dev:${m.username}`,
        discord_username: m.username,
        bio: m.bio,
        speaker_topic: m.topic,
        created_at: db.raw(`now() - make_interval(days => ?)`, [90 - i * 9]),
      })
      .onConflict('discord_id')
      .ignore()
      .returning('id')) as Array<{ id: string }>;
    const row = inserted[0];
    if (!row) continue;
    created += 1;
    await db('user_privacy_settings').insert({ user_id: row.id, directory_listing: true, profile_visibility: true }).onConflict('user_id').ignore();
  }
  return created;
}

/**
 * Demo archived sessions. They have no thumbnail_url: the API enqueues archive.thumbnail for rows
 * without one when the archive is listed, so the worker draws their cards (the seed needs no Redis).
 */
export const DEMO_ARCHIVE = [
  { title: 'Owning the corner store', speaker: 'amara_okafor', topic: 'Owning the corner store: cooperative ownership', seconds: 912, at: '2026-10-05T11:00:00Z' },
  { title: 'Ship it small', speaker: 'marcus_lee', topic: 'Ship it small: your first product in 30 days', seconds: 874, at: '2026-10-07T11:00:00Z' },
  { title: 'The family budget', speaker: 'james_carter', topic: 'Faith, family and the family budget', seconds: 901, at: '2026-10-09T11:00:00Z' },
] as const;

async function seedArchive(db: Knex): Promise<number> {
  let created = 0;
  for (const a of DEMO_ARCHIVE) {
    if (await db('session_archive').where({ session_title: a.title, speaker_name: a.speaker }).first('id')) continue;
    await db('session_archive').insert({ session_title: a.title, speaker_name: a.speaker, speaker_topic: a.topic, duration_seconds: a.seconds, actual_start_time: a.at });
    created += 1;
  }
  return created;
}

/**
 * Demo speaker sessions: the next three session mornings after `now`, one for each demo member with a topic, so the
 * speaker page's upcoming list, RSVP and the calendar feed have something to show. Only into a database with no
 * sessions at all (the organisation's own schedule is never added to).
 */
async function seedSessions(db: Knex, now: Date): Promise<number> {
  if (await db('speaker_sessions').first('id')) return 0;
  const topics = new Map<string, string>(DEMO_MEMBERS.flatMap((m) => (m.topic ? [[`dev:${m.username}`, m.topic] as const] : [])));
  const speakers = (await db('users').whereIn('discord_id', [...topics.keys()]).orderBy('discord_username').select('id', 'discord_id')) as Array<{ id: string; discord_id: string }>;
  let after = now;
  const rows = speakers.map((speaker) => {
    const start = sessionTime(nextSessionDay(after)).start;
    after = new Date(start.getTime() + SESSION_MINUTES * 60_000);
    return { speaker_id: speaker.id, session_title: topics.get(speaker.discord_id)!, scheduled_date: start, status: 'scheduled' };
  });
  if (rows.length) await db('speaker_sessions').insert(rows);
  return rows.length;
}

/**
 * Inserts the demo data; idempotent. Returns how many rows were new. The demo cohort (only when there is no cohort
 * at all) starts some six weeks after `now`, so a fresh demo always has a cohort open for enrolment.
 */
export async function seedDemo(
  db: Knex,
  now = new Date(),
): Promise<{ ledgerRows: number; members: number; archivedSessions: number; speakerSessions: number; cohorts: number; siteSettings: boolean }> {
  const ledgerRows = await appendLedgerRows(db, demoLedgerRows());
  const siteSettings = await seedSiteSettings(db);
  const cohorts = (await seedDemoCohort(db, now)) ? 1 : 0;
  const members = await seedMembers(db);
  const archivedSessions = await seedArchive(db);
  const speakerSessions = await seedSessions(db, now);
  // Keep generated investor codes (ADX0031 on) clear of the seeded ones.
  await db.raw(`SELECT setval('investor_code_seq', greatest((SELECT last_value FROM investor_code_seq), 30))`);
  return { ledgerRows, members, archivedSessions, speakerSessions, cohorts, siteSettings };
}
