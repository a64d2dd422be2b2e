import type { Knex } from 'knex';
import { formatCheckpoint, signNote, type NoteSigner } from '../../domain/signed-note';
import { toHex } from '../../domain/tlog';
import { rootAt } from './tlog.repository';

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
  // The log's size and the latest checkpoint in one round trip: the worker asks after every committed batch.
  const { rows } = (await db.raw(
    `SELECT h.size, c.tree_size, c.root_hash, c.note, c.signed_at FROM ledger_log_head h
     LEFT JOIN LATERAL (SELECT * FROM ledger_checkpoints ORDER BY tree_size DESC LIMIT 1) c ON true WHERE h.id`,
  )) as { rows: Array<{ size: string } & (Row | { [K in keyof Row]: null })> };
  const size = Number(rows[0]!.size);
  const head = rows[0]!;
  const last = head.tree_size === null ? null : toCheckpoint(head as Row);
  if (size === 0 || (last && last.size >= size)) return last;
  const root = await rootAt(db, size);
  const note = signNote(formatCheckpoint({ origin: signer.name, size, root }), signer);
  const inserted = (await db('ledger_checkpoints').insert({ tree_size: size, root_hash: Buffer.from(root), note }).onConflict('tree_size').ignore().returning(['tree_size', 'root_hash', 'note', 'signed_at'])) as Row[];
  // Nothing inserted: another signer signed this size first, and the latest may be larger still.
  return inserted[0] ? toCheckpoint(inserted[0]) : latestCheckpoint(db);
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
