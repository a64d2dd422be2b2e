import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '@app/common/server/db';
import { MIGRATIONS } from '../../migrations/index';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { auditLog } from '@app/common/server/ledger/tlog-audit';
import { logSize } from '@app/common/server/ledger/tlog.repository';
import { freshDatabase, type TestDatabase } from '../helpers/db';

const TABLES = [
  'users', 'user_roles', 'user_privacy_settings', 'sessions', 'security_audit_logs',
  'stripe_events', 'donations', 'program_payments', 'investors', 'investments', 'token_purchases', 'ledger_totals',
  'form_submissions', 'speaker_sessions', 'speaker_tokens', 'recordings', 'recording_chunks',
  'session_archive', 'session_favorites', 'session_views', 'flyers', 'local_checkout_sessions', 'studio_credentials',
  'mail_outbox', 'newsletter_subscribers',
  'payment_charges', 'provider_reconciliations',
  'cohorts', 'seat_reservations', 'cohort_notify_requests',
  'session_rsvps', 'calendar_feed_tokens',
  'ledger_log_head', 'ledger_log', 'ledger_tree', 'ledger_checkpoints', 'ledger_log_alarms',
  'site_revision', 'site_settings', 'token_sale', 'ledger_investors',
  'donation_subscriptions', 'local_subscriptions', 'link_keys',
];

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function tables(): Promise<string[]> {
  const rows = (await t.db('information_schema.tables').select('table_name').where({ table_schema: 'public' })) as Array<{ table_name: string }>;
  return rows.map((r) => r.table_name).filter((n) => !n.startsWith('knex_')).sort();
}

describe('migrations', () => {
  it('create every table the specs and the backend need', async () => {
    expect(await tables()).toEqual([...TABLES].sort());
  });

  it('store money as integers or numeric, never float', async () => {
    const rows = (await t.db('information_schema.columns')
      .select('table_name', 'column_name', 'data_type')
      .where({ table_schema: 'public' })
      .whereIn('data_type', ['real', 'double precision'])) as unknown[];
    expect(rows).toEqual([]);
    const tokens = (await t.db('information_schema.columns')
      .select('numeric_scale')
      .where({ table_name: 'token_purchases', column_name: 'tokens_to_be_distributed' })
      .first()) as { numeric_scale: number };
    expect(tokens.numeric_scale).toBe(8);
  });

  it('index every lookup the specs make', async () => {
    const rows = (await t.db('pg_indexes').select('indexdef').where({ schemaname: 'public' })) as Array<{ indexdef: string }>;
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/ON public\.token_purchases USING btree \(investor_id text_pattern_ops\)/);
    expect(defs).toMatch(/ON public\.users USING btree \(lower\(discord_username\)\)/);
    expect(defs).toMatch(/ON public\.speaker_sessions USING btree \(scheduled_date DESC\)/);
    expect(defs).toMatch(/ON public\.session_archive USING btree \(actual_start_time DESC NULLS LAST\)/);
  });

  it('roll all the way down and up again', async () => {
    for (let i = 0; i < MIGRATIONS.length; i++) await t.db.migrate.down();
    expect(await tables()).toEqual([]);
    const applied = await migrateLatest(t.db);
    expect(applied).toEqual(MIGRATIONS.map(([n]) => n));
    expect(await tables()).toEqual([...TABLES].sort());
  });

  it('put the rows recorded before the log in it, and give the head the frontier of the log it finds', async () => {
    const names = MIGRATIONS.map(([n]) => n);
    const downTo = async (name: string) => {
      for (let i = names.length - 1; names[i] !== name; i--) await t.db.migrate.down();
      await t.db.migrate.down();
    };
    const purchase = (investor_id: string) => ({ investor_id, purchase_date: '2026-01-02', investment_amount_usd: '5.00', tokens_to_be_distributed: '50', source: 'admin' as const });
    await downTo('20261126000200_ledger_log');
    await t.db('token_purchases').insert([purchase('ADXOLD1'), purchase('ADXOLD2'), purchase('ADXOLD3')]);
    await migrateLatest(t.db);
    expect(await logSize(t.db)).toBe(3);

    // A log that grew before its head kept a frontier (3 rows: two complete subtrees): the migration reads it from the stored tree.
    await downTo('20261126190000_ledger_head_frontier');
    await migrateLatest(t.db);
    const head = (await t.db('ledger_log_head').first('size', 'frontier_size', 'frontier')) as { size: string; frontier_size: string; frontier: Buffer[] };
    expect(Number(head.frontier_size)).toBe(Number(head.size));
    expect(head.frontier).toHaveLength(Number(head.size).toString(2).replaceAll('0', '').length);
    await appendLedgerRows(t.db, [purchase('ADXNEW1'), purchase('ADXNEW2')]);
    expect(await logSize(t.db)).toBe(5);
    expect((await auditLog(t.db)).firstMismatch).toBeNull();
  });
});
