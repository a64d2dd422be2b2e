import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { ledgerSignerOf } from './ledger/ledger-key';

/** LINK_SIGNING_SECRET: the HMAC key of the links mailed to payers (their receipts page, claiming payments). Optional. */
export const ZLinkSecretEnv = z.object({
  LINK_SIGNING_SECRET: z.string().min(32, 'must be at least 32 random characters (e.g. openssl rand -hex 32)').optional(),
});

/**
 * The secret of a parsed configuration. Unset, it is derived one way from the ledger signing key, which production
 * already requires, so API and worker agree with no new setting and the derived key reveals nothing of the ledger's.
 */
export function linkSecretOf(env: { LINK_SIGNING_SECRET?: string | undefined; LEDGER_SIGNING_KEY?: string | undefined }): string {
  if (env.LINK_SIGNING_SECRET) return env.LINK_SIGNING_SECRET;
  const seed = ledgerSignerOf(env).seed;
  const label = new TextEncoder().encode('adx payer links\n');
  const input = new Uint8Array(label.length + seed.length);
  input.set(label);
  input.set(seed, label.length);
  return Array.from(sha256(input), (b) => b.toString(16).padStart(2, '0')).join('');
}
