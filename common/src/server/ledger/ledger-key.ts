import { createPrivateKey, sign } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { toBase64 } from '../../domain/base64';
import { keyIdOf, parseSignerKey, type NoteSigner } from '../../domain/signed-note';
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

/** PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * `signer` signing through Node's native Ed25519: the worker signs a checkpoint after each committed batch, and the
 * JavaScript implementation's milliseconds per signature hold up the batches behind it.
 */
function nativeSigning(signer: NoteSigner): NoteSigner {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, signer.seed]), format: 'der', type: 'pkcs8' });
  return { ...signer, sign: (message) => new Uint8Array(sign(null, message, key)) };
}

/** The signer of a parsed configuration. */
export const ledgerSignerOf = (env: { LEDGER_SIGNING_KEY?: string | undefined }): NoteSigner =>
  nativeSigning(env.LEDGER_SIGNING_KEY ? parseSignerKey(env.LEDGER_SIGNING_KEY) : developmentSigner());

/** The development key in sumdb/note's private key format (tests hand it to the outside verifier's key check). */
export const developmentKeyText = (): string => {
  const s = developmentSigner();
  return `PRIVATE+KEY+${s.name}+${Array.from(s.keyId, (b) => b.toString(16).padStart(2, '0')).join('')}+${toBase64(Uint8Array.of(1, ...s.seed))}`;
};
