import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { toBase64 } from '../domain/base64';
import { keyIdOf, parseSignerKey, type NoteSigner } from '../domain/signed-note';
import { ed25519 } from '@noble/curves/ed25519.js';

/** LEDGER_SIGNING_KEY: the Ed25519 key that signs the ledger's checkpoints, as sumdb/note writes one. */
export const ZLedgerKeyEnv = z.object({
  LEDGER_SIGNING_KEY: z
    .string()
    .refine((s) => {
      try {
        parseSignerKey(s);
        return true;
      } catch {
        return false;
      }
    }, 'must be a signed-note Ed25519 key, PRIVATE+KEY+<name>+<hash>+<key> (npm start makes one; see README "Verifying the ledger")')
    .optional(),
});

/** Refuses a production configuration without a signing key: checkpoints signed by a known key prove nothing. */
export function checkLedgerKeyEnv(env: { NODE_ENV: string; LEDGER_SIGNING_KEY?: string | undefined }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && !env.LEDGER_SIGNING_KEY) {
    ctx.addIssue({ code: 'custom', path: ['LEDGER_SIGNING_KEY'], message: 'is required in production (the key that signs the ledger checkpoints)' });
  }
}

const DEV_NAME = 'localhost/adx-ledger-dev';

/**
 * The development and test key, the same in every process without LEDGER_SIGNING_KEY (so the API serves the key the
 * worker signs with). Its seed is public: production refuses to start without a key of its own.
 */
function developmentSigner(): NoteSigner {
  const seed = sha256(new TextEncoder().encode('adx development ledger key: never for production'));
  const publicKey = ed25519.getPublicKey(seed);
  return { name: DEV_NAME, keyId: keyIdOf(DEV_NAME, publicKey), seed, publicKey };
}

/** The signer of a parsed configuration. */
export const ledgerSignerOf = (env: { LEDGER_SIGNING_KEY?: string | undefined }): NoteSigner => (env.LEDGER_SIGNING_KEY ? parseSignerKey(env.LEDGER_SIGNING_KEY) : developmentSigner());

/** The development key in sumdb/note's private key format (tests hand it to the outside verifier's key check). */
export const developmentKeyText = (): string => {
  const s = developmentSigner();
  return `PRIVATE+KEY+${s.name}+${Array.from(s.keyId, (b) => b.toString(16).padStart(2, '0')).join('')}+${toBase64(Uint8Array.of(1, ...s.seed))}`;
};
