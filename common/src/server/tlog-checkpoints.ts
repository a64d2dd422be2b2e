import type { Knex } from 'knex';
import { formatCheckpoint, signNote, type NoteSigner } from '../domain/signed-note';
import { toHex } from '../domain/tlog';
import { logSize, rootAt } from './tlog.repository';

/** A signed checkpoint as it is kept: the tree size, its root and the signed note. */
export interface StoredCheckpoint {
  size: number;
  rootHash: string;
  note: string;
  signedAt: string;
}

type Row = { tree_size: string; root_hash: Buffer; note: string; signed_at: Date };
const toCheckpoint = (r: Row): StoredCheckpoint => ({ size: Number(r.tree_size), rootHash: toHex(r.root_hash), note: r.note, signedAt: r.signed_at.toISOString() });

/**
 * Signs a checkpoint of the log as committed when it grew since the last one, and keeps it; returns the latest
 * checkpoint either way (null while the log is empty). Concurrent signers agree: a size is signed once.
 */
export async function signCheckpoint(db: Knex, signer: NoteSigner): Promise<StoredCheckpoint | null> {
  const size = await logSize(db);
  const last = await latestCheckpoint(db);
  if (size === 0 || (last && last.size >= size)) return last;
  const root = await rootAt(db, size);
  const note = signNote(formatCheckpoint({ origin: signer.name, size, root }), signer);
  await db('ledger_checkpoints').insert({ tree_size: size, root_hash: Buffer.from(root), note }).onConflict('tree_size').ignore();
  return latestCheckpoint(db);
}

export async function latestCheckpoint(db: Knex): Promise<StoredCheckpoint | null> {
  const row = (await db('ledger_checkpoints').orderBy('tree_size', 'desc').first()) as Row | undefined;
  return row ? toCheckpoint(row) : null;
}

/** Every checkpoint ever signed, newest first, `limit` at a time below tree size `before`. */
export async function listCheckpoints(db: Knex, q: { before?: number | undefined; limit: number }): Promise<StoredCheckpoint[]> {
  const query = db('ledger_checkpoints').orderBy('tree_size', 'desc').limit(q.limit);
  if (q.before !== undefined) query.where('tree_size', '<', q.before);
  return ((await query) as Row[]).map(toCheckpoint);
}
