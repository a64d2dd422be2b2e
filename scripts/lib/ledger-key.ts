import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSignerKey } from '@app/common/domain/signed-note';

/**
 * The local ledger signing key for `npm start` and `npm run dev`: LEDGER_SIGNING_KEY when set, else the one kept in
 * `<dataDir>/ledger-signing-key` (made on first start, readable by its owner only), so checkpoints signed yesterday
 * still verify today. Its name (the checkpoints' origin) is the site's host and `/ledger`.
 */
export function localLedgerKey(dataDir: string, publicUrl: string, log: (m: string) => void): string {
  if (process.env.LEDGER_SIGNING_KEY) return process.env.LEDGER_SIGNING_KEY;
  const file = path.join(dataDir, 'ledger-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = generateSignerKey(`${new URL(publicUrl).host}/ledger`);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  log(`made a ledger signing key in ${file} (keep it: it signs the ledger checkpoints)`);
  return key;
}
