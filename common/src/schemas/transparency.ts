// zod/mini, as schemas/ledger.ts: the public ledger page's Verify reads these answers.
import * as z from 'zod/mini';

const count = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .check(z.int(`${name} must be a whole number`), z.minimum(min, `${name} must be at least ${min}`), z.maximum(Number.MAX_SAFE_INTEGER, `${name} is too large`));
const ZHex = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** GET /api/ledger/proof/inclusion query: leaf `index` in the tree of `size` leaves (a signed checkpoint's size). */
export const ZInclusionQuery = z.object({ index: count('index', 0), size: count('size', 1) });
/** GET /api/ledger/proof/consistency query: from the tree of `from` leaves to the tree of `to` leaves. */
export const ZConsistencyQuery = z.object({ from: count('from', 1), to: count('to', 1) });
/** GET /api/ledger/proof/row query: the row at log `index`, against the latest checkpoint; `seen`, a size this browser saw. */
export const ZRowProofQuery = z.object({ index: count('index', 0), seen: z.optional(count('seen', 1)) });
/** GET /api/ledger/checkpoints query: newest first, `limit` at a time, below tree size `before`. */
export const ZCheckpointsQuery = z.object({
  before: z.optional(count('before', 1)),
  limit: z._default(z.coerce.number({ error: 'limit must be a number' }).check(z.int('limit must be a whole number'), z.minimum(1, 'limit must be at least 1'), z.maximum(100, 'limit must be at most 100')), 50),
});

/** GET /api/ledger/entries query: one investor ID's rows in the log. */
export const ZEntriesQuery = z.object({
  investor: z.string().check(z.trim(), z.minLength(1, 'investor is required'), z.maxLength(40, 'investor must be at most 40 characters'), z.regex(/^[A-Za-z0-9-]+$/, 'investor may contain only letters, digits and dashes')),
});

const ZLeafFields = z.object({
  investor_id: z.string(),
  purchase_date: z.string(),
  investment_amount_usd: z.string(),
  tokens_to_be_distributed: z.string(),
  kind: z.string(),
  reverses_index: z.nullable(z.number()),
});

/** One investor's rows with their log indexes, oldest first. */
export const ZEntries = z.object({ entries: z.array(z.extend(ZLeafFields, { index: z.number() })) });
export type TEntries = z.infer<typeof ZEntries>;

/** An inclusion proof (RFC 9162 §2.1.3): the audit path from the leaf up, hashes in hex. */
export const ZInclusionProof = z.object({
  index: z.number(),
  size: z.number(),
  /** The leaf hash stored for the row at `index`, and the public fields it is computed from. */
  leafHash: ZHex,
  row: ZLeafFields,
  proof: z.array(ZHex),
});
export type TInclusionProof = z.infer<typeof ZInclusionProof>;

/** A consistency proof (RFC 9162 §2.1.4), hashes in hex. */
export const ZConsistencyProof = z.object({ from: z.number(), to: z.number(), proof: z.array(ZHex) });
export type TConsistencyProof = z.infer<typeof ZConsistencyProof>;

/** One signed checkpoint: the signed note, and what it says. */
const ZCheckpoint = z.object({ size: z.number(), rootHash: ZHex, note: z.string(), signedAt: z.string() });
export type TCheckpoint = z.infer<typeof ZCheckpoint>;
export const ZCheckpointList = z.object({ checkpoints: z.array(ZCheckpoint), verifierKey: z.string() });
export type TCheckpointList = z.infer<typeof ZCheckpointList>;

/**
 * What the ledger page's Verify checks, in one answer: the latest checkpoint and the key said to sign it, the row's
 * inclusion proof in that checkpoint (null when the row is not in it yet) and the consistency proof from the size the
 * browser saw last (null when none was asked for, or it is not below the checkpoint's). The browser checks all of it.
 */
export const ZRowProof = z.object({
  verifierKey: z.string(),
  checkpoint: z.nullable(ZCheckpoint),
  inclusion: z.nullable(ZInclusionProof),
  consistency: z.nullable(ZConsistencyProof),
});
export type TRowProof = z.infer<typeof ZRowProof>;
