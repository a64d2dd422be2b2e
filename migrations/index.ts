import type { Knex } from 'knex';
import * as identity from './20261122000100_identity';
import * as money from './20261122000200_money';
import * as community from './20261122000300_community';
import * as localCheckout from './20261122000400_local_checkout';
import * as studioCredentials from './20261122000500_studio_credentials';
import * as mail from './20261123000100_mail';
import * as refunds from './20261123000200_refunds';
import * as recordingContainers from './20261123000600_recording_containers';
import * as ledgerNotify from './20261123104500_ledger_notify';
import * as ledgerSearch from './20261125000100_ledger_search';
import * as sessionCalendar from './20261126000100_session_calendar';
import * as ledgerLog from './20261126000200_ledger_log';
import * as cohorts from './20261126000500_cohorts';
import * as siteContent from './20261126120000_site_content';
import * as ledgerInvestors from './20261126120100_ledger_investors';
import * as monthlyGiving from './20261126130000_monthly_giving';
import * as account from './20261126130100_account';
import * as accountReads from './20261126133000_account_reads';
import * as ledgerHeadFrontier from './20261126190000_ledger_head_frontier';
import * as ledgerLogQueue from './20261129000100_ledger_log_queue';

/**
 * Every migration, in order. Listed explicitly (not read from the folder) so that migrations run the
 * same under tsx, vitest and a bundler; tests/unit/migrations-index.test.ts fails if a file is missing here.
 */
export const MIGRATIONS: ReadonlyArray<readonly [string, Knex.Migration]> = [
  ['20261122000100_identity', identity],
  ['20261122000200_money', money],
  ['20261122000300_community', community],
  ['20261122000400_local_checkout', localCheckout],
  ['20261122000500_studio_credentials', studioCredentials],
  ['20261123000100_mail', mail],
  ['20261123000200_refunds', refunds],
  ['20261123000600_recording_containers', recordingContainers],
  ['20261123104500_ledger_notify', ledgerNotify],
  ['20261125000100_ledger_search', ledgerSearch],
  ['20261126000100_session_calendar', sessionCalendar],
  ['20261126000200_ledger_log', ledgerLog],
  ['20261126000500_cohorts', cohorts],
  ['20261126120000_site_content', siteContent],
  ['20261126120100_ledger_investors', ledgerInvestors],
  ['20261126130000_monthly_giving', monthlyGiving],
  ['20261126130100_account', account],
  ['20261126133000_account_reads', accountReads],
  ['20261126190000_ledger_head_frontier', ledgerHeadFrontier],
  ['20261129000100_ledger_log_queue', ledgerLogQueue],
];

/** knex MigrationSource over MIGRATIONS. */
export const migrationSource: Knex.MigrationSource<readonly [string, Knex.Migration]> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
