import type { Knex } from 'knex';
import { pgQuery } from '../db';
import { hashChildren, isPowerOfTwo, leafHashOf, splitPoint, toHex, type Hash, type LeafRow } from '../../domain/tlog';

// The ledger's transparency log in Postgres (migrations/20261126000200_ledger_log.ts): appending in the writing
// transaction, and reading the stored tree (roots and proofs) in O(log n) rows.

/** A ledger row's public fields as the log reads them. */
interface LoggedRow {
  id: string;
  investor_id: string;
  purchase_date: string;
  investment_amount_usd: string;
  tokens_to_be_distributed: string;
  source: string;
  reverses_id: string | null;
  reverses_index: string | null;
}

/** The SELECT list of a row's leaf fields; `t` is token_purchases, the reversed row's log entry joined as `r`. */
export const LEAF_COLUMNS = `t.id, t.investor_id, t.purchase_date, t.investment_amount_usd::text AS investment_amount_usd,
  t.tokens_to_be_distributed::text AS tokens_to_be_distributed, t.source, t.reverses_id, r.log_index AS reverses_index`;

/** The leaf hash of a row read with LEAF_COLUMNS (`reversesIndex` overrides a reversed row not logged yet). */
export const leafOfRow = (row: Omit<LoggedRow, 'id' | 'reverses_id'>, reversesIndex?: number): Hash =>
  leafHashOf({ ...row, kind: row.source, reverses_index: reversesIndex ?? (row.reverses_index === null ? null : Number(row.reverses_index)) });

/** The node coordinates of the complete subtrees that make up the first `size` leaves, largest (leftmost) first. */
function frontier(size: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let level = 52; level >= 0; level--) if (Math.floor(size / 2 ** level) % 2 === 1) out.push([level, Math.floor(size / 2 ** level) - 1]);
  return out;
}

const key = (level: number, idx: number) => `${level}:${idx}`;

async function readNodes(db: Knex, nodes: Array<[number, number]>): Promise<Map<string, Hash>> {
  const out = new Map<string, Hash>();
  if (!nodes.length) return out;
  const { rows } = (await db.raw(
    'SELECT t.level, t.idx, t.hash FROM ledger_tree t JOIN unnest(?::smallint[], ?::bigint[]) AS w(level, idx) ON t.level = w.level AND t.idx = w.idx',
    [nodes.map((n) => n[0]), nodes.map((n) => n[1])],
  )) as { rows: Array<{ level: number; idx: string; hash: Buffer }> };
  for (const r of rows) out.set(key(r.level, Number(r.idx)), new Uint8Array(r.hash));
  return out;
}

const CHUNK = 10_000;

/** The queued rows with the head (locked) and its frontier: appendToLog's read. */
const TAKE_PENDING = `WITH pending AS (SELECT ledger_log_take() AS ids),
     head AS (SELECT size, frontier, frontier_size FROM ledger_log_head WHERE id AND (SELECT cardinality(ids) FROM pending) > 0 FOR UPDATE)
   SELECT (SELECT size FROM head) AS head_size,
     CASE WHEN row_number() OVER (ORDER BY t.id) = 1 THEN (SELECT frontier FROM head WHERE frontier_size = size) END AS frontier,
     ${LEAF_COLUMNS}
   FROM unnest((SELECT ids FROM pending)) AS p(id)
   CROSS JOIN LATERAL (SELECT * FROM token_purchases t WHERE t.id = p.id OFFSET 0) t
   LEFT JOIN LATERAL (SELECT log_index FROM ledger_log r WHERE r.purchase_id = t.reverses_id OFFSET 0) r ON true
   ORDER BY t.id`;

/** The new nodes, the entries and the new head: appendToLog's write, for a batch of up to CHUNK rows. */
const APPEND = `WITH tree AS (INSERT INTO ledger_tree (level, idx, hash) SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])),
     log AS (INSERT INTO ledger_log (log_index, purchase_id) SELECT * FROM unnest($4::bigint[], $5::bigint[]))
   UPDATE ledger_log_head SET size = $6, frontier = $7::bytea[], frontier_size = $8 WHERE id`;

/**
 * Appends the ledger rows this transaction inserted (queued by a trigger: migrations/20261129000100_ledger_log_queue.ts) to the log, in id
 * order, under the lock of the log head: the lock serialises appends, so log order is commit order, and is held
 * only from here to the commit. Every transaction that inserts token_purchases rows calls this last; one batch
 * takes the lock once. Returns the number of rows appended.
 */
export async function appendToLog(trx: Knex.Transaction): Promise<number> {
  // One round trip for the queue, the head's lock, the frontier the head keeps and the rows' fields (a lone event's
  // transaction is mostly round trips). The head is locked only when rows were queued; a lock that waited returns the
  // head as its holder committed it, frontier included (the lock is the one place appends queue behind each other: no
  // read of the nodes under it). A head whose frontier is of another size (frontier_size) has its nodes read after the
  // lock: a snapshot taken before the wait would miss the nodes its holder wrote. Each queued row, and the log entry of
  // a row it reverses, is one primary-key lookup (a lateral subquery the planner cannot flatten): the statement has no
  // parameters, so its connection keeps the plan of its first run, and as a join, planned on an empty ledger, that
  // plan read the whole ledger and log at every append. The frontier comes with the first row only.
  // Both statements of the common case are prepared on the connection (parsed and planned once): a lone event's
  // transaction spent as long planning them as running them.
  const rows = await pgQuery<LoggedRow & { head_size: string; frontier: Buffer[] | null }>(trx, { name: 'tlog_take_pending', text: TAKE_PENDING, values: [] });
  if (!rows.length) return 0;
  const size = Number(rows[0]!.head_size);

  const wanted = frontier(size);
  const kept = rows[0]!.frontier;
  const nodes = kept && kept.length === wanted.length ? new Map(wanted.map(([level, idx], i) => [key(level, idx), new Uint8Array(kept[i]!)])) : await readNodes(trx, wanted);
  const fresh: Array<[number, number, Hash]> = [];
  const indexOf = new Map<string, number>();
  rows.forEach((row, i) => {
    const index = size + i;
    indexOf.set(String(row.id), index);
    const reversed = row.reverses_id !== null && row.reverses_index === null ? indexOf.get(String(row.reverses_id)) : undefined;
    let hash = leafOfRow(row, reversed);
    let [level, idx] = [0, index];
    nodes.set(key(level, idx), hash);
    fresh.push([level, idx, hash]);
    // Each right child completes its parent: hash it up while the index is odd.
    while (idx % 2 === 1) {
      hash = hashChildren(nodes.get(key(level, idx - 1))!, hash);
      level += 1;
      idx = (idx - 1) / 2;
      nodes.set(key(level, idx), hash);
      fresh.push([level, idx, hash]);
    }
  });
  const treeRows = (part: Array<[number, number, Hash]>) => [part.map((n) => n[0]), part.map((n) => n[1]), part.map((n) => Buffer.from(n[2]))];
  const logRows = (part: LoggedRow[], at: number) => [part.map((_, i) => size + at + i), part.map((r) => r.id)];
  const newSize = size + rows.length;
  const head = [newSize, frontier(newSize).map(([level, idx]) => Buffer.from(nodes.get(key(level, idx))!)), newSize];
  if (fresh.length <= CHUNK && rows.length <= CHUNK) {
    // The common case, a batch's rows: the nodes, the entries and the new head in one statement.
    await pgQuery(trx, { name: 'tlog_append', text: APPEND, values: [...treeRows(fresh), ...logRows(rows, 0), ...head] });
    return rows.length;
  }
  for (let at = 0; at < fresh.length; at += CHUNK) {
    await trx.raw('INSERT INTO ledger_tree (level, idx, hash) SELECT * FROM unnest(?::smallint[], ?::bigint[], ?::bytea[])', treeRows(fresh.slice(at, at + CHUNK)));
  }
  for (let at = 0; at < rows.length; at += CHUNK) {
    await trx.raw('INSERT INTO ledger_log (log_index, purchase_id) SELECT * FROM unnest(?::bigint[], ?::bigint[])', logRows(rows.slice(at, at + CHUNK), at));
  }
  await trx.raw('UPDATE ledger_log_head SET size = ?, frontier = ?::bytea[], frontier_size = ? WHERE id', head);
  return rows.length;
}

/** The log's size as committed. */
export async function logSize(db: Knex): Promise<number> {
  const head = (await db('ledger_log_head').first('size')) as { size: string };
  return Number(head.size);
}

/**
 * Reads the hashes a computation over the stored tree needs in one query: `compute` runs twice, first with a
 * recording lookup (its shape does not depend on the hash values), then with the hashes read.
 */
async function withNodes<T>(db: Knex, compute: (node: (level: number, idx: number) => Hash) => T): Promise<T> {
  const wanted = new Map<string, [number, number]>();
  const blank = new Uint8Array(32);
  compute((level, idx) => (wanted.set(key(level, idx), [level, idx]), blank));
  const nodes = await readNodes(db, [...wanted.values()]);
  if (nodes.size !== wanted.size) throw new Error('the stored tree lacks a node it should have');
  return compute((level, idx) => nodes.get(key(level, idx))!);
}

type Node = (level: number, idx: number) => Hash;

/** MTH of leaves [lo, hi) from stored complete subtrees (lo is aligned to the subtrees it is split into). */
function subtree(node: Node, lo: number, hi: number): Hash {
  const n = hi - lo;
  if (isPowerOfTwo(n) && lo % n === 0) return node(Math.log2(n), lo / n);
  const k = splitPoint(n);
  return hashChildren(subtree(node, lo, lo + k), subtree(node, lo + k, hi));
}

/** The root hash of the first `size` leaves (size ≥ 1). */
export const rootAt = (db: Knex, size: number): Promise<Hash> => withNodes(db, (node) => subtree(node, 0, size));

/** RFC 6962 PATH(m, D[lo:hi]), leaf to root. */
function path(node: Node, m: number, lo: number, hi: number): Hash[] {
  const n = hi - lo;
  if (n === 1) return [];
  const k = splitPoint(n);
  return m < k ? [...path(node, m, lo, lo + k), subtree(node, lo + k, hi)] : [...path(node, m - k, lo + k, hi), subtree(node, lo, lo + k)];
}

/** RFC 6962 SUBPROOF(m, D[lo:hi], b). */
function subproof(node: Node, m: number, lo: number, hi: number, whole: boolean): Hash[] {
  const n = hi - lo;
  if (m === n) return whole ? [] : [subtree(node, lo, hi)];
  const k = splitPoint(n);
  return m <= k
    ? [...subproof(node, m, lo, lo + k, whole), subtree(node, lo + k, hi)]
    : [...subproof(node, m - k, lo + k, hi, false), subtree(node, lo, lo + k)];
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves (index < size ≤ the log's size). */
export const inclusionProof = (db: Knex, index: number, size: number): Promise<Hash[]> => withNodes(db, (node) => path(node, index, 0, size));

/** The consistency proof from the tree of `from` leaves to the tree of `to` leaves (0 < from ≤ to ≤ the log's size). */
export const consistencyProof = (db: Knex, from: number, to: number): Promise<Hash[]> =>
  from === to ? Promise.resolve([]) : withNodes(db, (node) => subproof(node, from, 0, to, true));

const leafFieldsOf = (r: LoggedRow): LeafRow => ({
  investor_id: r.investor_id,
  purchase_date: r.purchase_date,
  investment_amount_usd: r.investment_amount_usd,
  tokens_to_be_distributed: r.tokens_to_be_distributed,
  kind: r.source,
  reverses_index: r.reverses_index === null ? null : Number(r.reverses_index),
});

/** The row at log `index` as it is now (its public fields) and the leaf hash stored when it was appended. */
export async function logEntry(db: Knex, index: number): Promise<{ leafHash: string; row: LeafRow }> {
  const { rows } = (await db.raw(
    `SELECT n.hash, ${LEAF_COLUMNS} FROM ledger_log l JOIN ledger_tree n ON n.level = 0 AND n.idx = l.log_index
     JOIN token_purchases t ON t.id = l.purchase_id LEFT JOIN ledger_log r ON r.purchase_id = t.reverses_id WHERE l.log_index = ?`,
    [index],
  )) as { rows: Array<LoggedRow & { hash: Buffer }> };
  const r = rows[0];
  if (!r) throw new Error(`no log entry ${index}`);
  return {
    leafHash: toHex(r.hash),
    row: leafFieldsOf(r),
  };
}

/** The log index of the ledger row a checkout session paid for (null: no row, e.g. a program payment or no tokens). */
export async function logIndexOfPayment(db: Knex, checkoutSessionId: string | null | undefined): Promise<number | null> {
  if (!checkoutSessionId) return null;
  const row = (await db('token_purchases as t').join('ledger_log as l', 'l.purchase_id', 't.id').where('t.payment_reference', checkoutSessionId).first('l.log_index')) as { log_index: string } | undefined;
  return row ? Number(row.log_index) : null;
}

/** The log entries of one investor ID (at most 200, oldest first): the page's Verify finds a shown row's index here. */
export async function logEntriesOfInvestor(db: Knex, investorId: string): Promise<Array<LeafRow & { index: number }>> {
  const { rows } = (await db.raw(
    `SELECT l.log_index, ${LEAF_COLUMNS} FROM token_purchases t JOIN ledger_log l ON l.purchase_id = t.id
     LEFT JOIN ledger_log r ON r.purchase_id = t.reverses_id WHERE t.investor_id = ? ORDER BY l.log_index LIMIT 200`,
    [investorId.toUpperCase()],
  )) as { rows: Array<LoggedRow & { log_index: string }> };
  return rows.map((r) => ({ index: Number(r.log_index), ...leafFieldsOf(r) }));
}
