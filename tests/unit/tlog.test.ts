import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCheckpoint, generateSignerKey, openNote, parseCheckpoint, parseSignerKey, signNote, verifierKeyOf } from '@app/common/domain/signed-note';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import { encodeLeaf, hashChildren, hashLeaf, leafHashOf, rootBuilder, rootOf, toHex, verifyConsistency, verifyInclusion, type Hash } from '@app/common/domain/tlog';

// Go's golang.org/x/mod/sumdb/note example (Ed25519 signatures are deterministic, so ours must equal it byte for byte).
const SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const MSG = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const SIGNED = `${MSG}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed notes', () => {
  it('sign and verify as sumdb/note does', () => {
    const signer = parseSignerKey(SKEY);
    expect(verifierKeyOf(signer)).toBe(VKEY);
    expect(signNote(MSG, signer)).toBe(SIGNED);
    expect(openNote(SIGNED, VKEY)).toBe(MSG);
    expect(openNote(SIGNED.replace('cryptography', 'cryptograph'), VKEY)).toBeNull();
  });

  it("the server's signer (native Ed25519) writes the same note as sumdb/note, for a configured and the development key", () => {
    const signer = ledgerSignerOf({ LEDGER_SIGNING_KEY: SKEY });
    expect(signer.sign).toBeTypeOf('function');
    expect(signNote(MSG, signer)).toBe(SIGNED);
    const dev = ledgerSignerOf({});
    expect(signNote(MSG, dev)).toBe(signNote(MSG, { ...dev, sign: undefined }));
  });

  it('round-trip a checkpoint with a fresh key', () => {
    const signer = parseSignerKey(generateSignerKey('example.org/ledger'));
    const body = formatCheckpoint({ origin: signer.name, size: 12, root: hashLeaf(new Uint8Array()) });
    const note = signNote(body, signer);
    expect(parseCheckpoint(openNote(note, verifierKeyOf(signer))!)).toEqual({ origin: 'example.org/ledger', size: 12, root: hashLeaf(new Uint8Array()) });
    expect(openNote(note, verifierKeyOf(parseSignerKey(generateSignerKey('example.org/ledger'))))).toBeNull();
  });
});

describe('the RFC 6962 tree', () => {
  // RFC 6962's MTH written as the RFC defines it: the reference the fast code is checked against.
  const split = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
  const mth = (l: Hash[]): Hash => (l.length === 1 ? l[0]! : hashChildren(mth(l.slice(0, split(l.length))), mth(l.slice(split(l.length)))));

  it('hashes with the 0x00 leaf and 0x01 node prefixes', () => {
    // RFC 6962's empty-leaf hash, and a two-leaf root computed by hand.
    expect(toHex(hashLeaf(new Uint8Array()))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    const [a, b] = [hashLeaf(Uint8Array.of(0)), hashLeaf(Uint8Array.of(1))];
    expect(toHex(rootOf([a, b]))).toBe(toHex(hashChildren(a, b)));
  });

  it('encodes a row one way only, whatever the spelling of its amounts', () => {
    const row = { investor_id: 'ADX0031', purchase_date: '2026-01-02', investment_amount_usd: '10', tokens_to_be_distributed: '100.5', kind: 'admin', reverses_index: null };
    expect(new TextDecoder().decode(encodeLeaf(row))).toBe('adx-ledger-row/v1\nADX0031\n2026-01-02\n10.00\n100.50000000\nadmin\n');
    expect(toHex(leafHashOf({ ...row, investment_amount_usd: '10.00', tokens_to_be_distributed: '100.50000000' }))).toBe(toHex(leafHashOf(row)));
    expect(new TextDecoder().decode(encodeLeaf({ ...row, investment_amount_usd: '-10.5', kind: 'reversal', reverses_index: 7 }))).toMatch(/\n-10\.50\n.*\nreversal\n7$/);
  });

  it('builds the root leaf by leaf, equal to the root of every prefix', () => {
    const leaves = Array.from({ length: 70 }, (_, k) => hashLeaf(Uint8Array.of(k)));
    const b = rootBuilder();
    expect(toHex(b.root())).toBe(toHex(rootOf([])));
    leaves.forEach((leaf, k) => {
      b.add(leaf);
      expect(toHex(b.root()), `${k + 1} leaves`).toBe(toHex(mth(leaves.slice(0, k + 1))));
    });
  });

  it('accepts the proofs a naive prover makes, and refuses them for another leaf or root', () => {
    const path = (m: number, l: Hash[]): Hash[] => {
      if (l.length === 1) return [];
      const k = split(l.length);
      return m < k ? [...path(m, l.slice(0, k)), mth(l.slice(k))] : [...path(m - k, l.slice(k)), mth(l.slice(0, k))];
    };
    const sub = (m: number, l: Hash[], b: boolean): Hash[] => {
      if (m === l.length) return b ? [] : [mth(l)];
      const k = split(l.length);
      return m <= k ? [...sub(m, l.slice(0, k), b), mth(l.slice(k))] : [...sub(m - k, l.slice(k), false), mth(l.slice(0, k))];
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), fc.nat(), (n, i, j) => {
        const leaves = Array.from({ length: n }, (_, k) => hashLeaf(Uint8Array.of(k)));
        const root = rootOf(leaves);
        expect(toHex(root)).toBe(toHex(mth(leaves)));
        const m = i % n;
        expect(verifyInclusion(m, n, leaves[m]!, path(m, leaves), root)).toBe(true);
        expect(verifyInclusion(m, n, hashLeaf(Uint8Array.of(255)), path(m, leaves), root)).toBe(false);
        const from = (j % n) + 1;
        const proof = from === n ? [] : sub(from, leaves, true);
        expect(verifyConsistency(from, n, proof, rootOf(leaves.slice(0, from)), root)).toBe(true);
        if (from < n) expect(verifyConsistency(from, n, proof, hashLeaf(Uint8Array.of(254)), root)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
