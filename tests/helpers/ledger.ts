import { appendLedgerRows, type NewLedgerRow } from '@app/common/server/ledger.repository';
import type { TestApp } from './app';
import { eventually } from './worker';

/** Appends ledger rows and waits until the app's ledger cache has heard the change notice for them. */
export async function appendAndHear(t: TestApp, rows: NewLedgerRow[]): Promise<void> {
  const seen = t.app.ledgerCache.generation;
  await appendLedgerRows(t.database.db, rows);
  await eventually(async () => t.app.ledgerCache.generation > seen, 5_000, 'change notice');
}
