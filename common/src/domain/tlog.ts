import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

// The ledger's transparency log (docs/ledger-transparency.md): an RFC 6962 Merkle tree over the ledger rows,
// in the order they were committed. Pure functions, shared by the server (appending, proofs), the browser
// (Verify) and scripts/verify-ledger.ts, so that the three cannot disagree on a byte.

export type Hash = Uint8Array;

/** The public fields of one ledger row, as they are hashed into its leaf. */
export interface LeafRow {
  investor_id: string;
  /** YYYY-MM-DD */
  purchase_date: string;
  /** Dollars with exactly 2 decimals, e.g. `-12.50`. */
  investment_amount_usd: string;
  /** Tokens with exactly 8 decimals. */
  tokens_to_be_distributed: string;
  /** admin, investment, donation, seed or reversal. */
  kind: string;
  /** The log index of the row a reversal reverses; null for every other row. */
  reverses_index: number | null;
}

const utf8 = new TextEncoder();

/** Fixed decimals, whatever the database or a CSV printed (`10` → `10.00`): the encoding has one spelling per amount. */
function fixed(value: string, decimals: number): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  const frac = (m[3] ?? '').padEnd(decimals, '0');
  if (/[1-9]/.test(frac.slice(decimals))) throw new Error(`${value} has more than ${decimals} decimals`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const body = decimals ? `${whole}.${frac.slice(0, decimals)}` : whole;
  return m[1] && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * The canonical encoding of a row: UTF-8 lines joined by LF, no trailing LF:
 * `adx-ledger-row/v1`, investor ID, purchase date, USD (2 decimals), tokens (8 decimals), kind, and the
 * reversed row's log index (empty when none).
 */
export function encodeLeaf(row: LeafRow): Uint8Array {
  const lines = [
    'adx-ledger-row/v1',
    row.investor_id,
    row.purchase_date,
    fixed(row.investment_amount_usd, 2),
    fixed(row.tokens_to_be_distributed, 8),
    row.kind,
    row.reverses_index === null ? '' : String(row.reverses_index),
  ];
  return utf8.encode(lines.join('\n'));
}

/** RFC 6962 leaf hash: SHA-256(0x00 || data). */
export const hashLeaf = (data: Uint8Array): Hash => sha256(concatBytes(Uint8Array.of(0), data));
/** RFC 6962 interior node hash: SHA-256(0x01 || left || right). */
export const hashChildren = (left: Hash, right: Hash): Hash => sha256(concatBytes(Uint8Array.of(1), left, right));
/** The leaf hash of a row. */
export const leafHashOf = (row: LeafRow): Hash => hashLeaf(encodeLeaf(row));

export const toHex = (h: Uint8Array): string => bytesToHex(h);
export const fromHex = (hex: string): Hash => hexToBytes(hex);
export const sameHash = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether n (≥ 1) is a power of two (without 32-bit bitwise operators: sizes may pass 2^31). */
export const isPowerOfTwo = (n: number): boolean => Number.isInteger(Math.log2(n));

/** The largest power of two smaller than n (n ≥ 2): RFC 6962's split point. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * RFC 6962 MTH of leaves given one at a time, in order, holding only the roots of the complete subtrees seen so far
 * (one per set bit of the count, at most 53): a whole log is checked without keeping its leaves in memory.
 */
export function rootBuilder(): { add(leaf: Hash): void; root(): Hash } {
  // Complete subtrees, leftmost (largest) first, with their leaf counts.
  const stack: Array<{ hash: Hash; leaves: number }> = [];
  return {
    add(leaf) {
      let top = { hash: leaf, leaves: 1 };
      while (stack.length && stack[stack.length - 1]!.leaves === top.leaves) {
        const left = stack.pop()!;
        top = { hash: hashChildren(left.hash, top.hash), leaves: left.leaves * 2 };
      }
      stack.push(top);
    },
    root() {
      if (stack.length === 0) return sha256(new Uint8Array(0));
      // MTH splits at the largest power of two below n: the subtrees join right to left.
      let acc = stack[stack.length - 1]!.hash;
      for (let i = stack.length - 2; i >= 0; i--) acc = hashChildren(stack[i]!.hash, acc);
      return acc;
    },
  };
}

/** RFC 6962 MTH over a list of leaf hashes. */
export function rootOf(leaves: Hash[]): Hash {
  const b = rootBuilder();
  for (const leaf of leaves) b.add(leaf);
  return b.root();
}

/** RFC 9162 §2.1.3.2: whether `proof` shows leaf `index` (hash `leaf`) in the tree of `size` leaves with root `root`. */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: Hash[], root: Hash): boolean {
  if (index >= size || index < 0) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = hashChildren(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && sameHash(r, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree of `size1` leaves (root1) is a prefix of the tree of `size2` (root2). */
export function verifyConsistency(size1: number, size2: number, proof: Hash[], root1: Hash, root2: Hash): boolean {
  if (size1 > size2 || size1 < 0) return false;
  if (size1 === size2) return proof.length === 0 && sameHash(root1, root2);
  if (size1 === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = [...proof];
  if (isPowerOfTwo(size1)) path.unshift(root1); // size1 a power of two: the old root is the first node
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && sameHash(fr, root1) && sameHash(sr, root2);
}
