import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, toBase64 } from './base64';

// C2SP signed notes (c2sp.org/signed-note) with Ed25519 keys, and the tlog-checkpoint body they sign
// (c2sp.org/tlog-checkpoint): the formats Go's golang.org/x/mod/sumdb/note reads and writes.

const utf8 = new TextEncoder();
const ED25519 = 0x01;

/** A signing key as sumdb/note spells it: `PRIVATE+KEY+<name>+<key id hex>+<base64(0x01 || seed)>`. */
export interface NoteSigner {
  name: string;
  keyId: Uint8Array;
  seed: Uint8Array;
  publicKey: Uint8Array;
  /**
   * Signs with this seed through a faster implementation (the server's native Ed25519; signatures are deterministic,
   * so they are the same bytes); signNote uses the JavaScript one without it.
   */
  sign?: (message: Uint8Array) => Uint8Array;
}

/** The 4-byte key id: the first bytes of SHA-256(name || LF || 0x01 || public key). */
export function keyIdOf(name: string, publicKey: Uint8Array): Uint8Array {
  const n = utf8.encode(`${name}\n`);
  const data = new Uint8Array(n.length + 1 + publicKey.length);
  data.set(n);
  data[n.length] = ED25519;
  data.set(publicKey, n.length + 1);
  return sha256(data).slice(0, 4);
}

const hex8 = (id: Uint8Array): string => Array.from(id, (b) => b.toString(16).padStart(2, '0')).join('');
const validName = (name: string): boolean => name.length > 0 && !/[\s+]/.test(name);

/** `<name>+<key id hex>+<base64(0x01 || public key)>`: the verifier key that sumdb/note.NewVerifier reads. */
export const verifierKeyOf = (s: Pick<NoteSigner, 'name' | 'publicKey'>): string =>
  `${s.name}+${hex8(keyIdOf(s.name, s.publicKey))}+${toBase64(Uint8Array.of(ED25519, ...s.publicKey))}`;

/** A fresh signing key for `name`, in sumdb/note's private key format. */
export function generateSignerKey(name: string): string {
  if (!validName(name)) throw new Error(`a key name has no spaces or plus signs: ${name}`);
  const seed = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(seed);
  return `PRIVATE+KEY+${name}+${hex8(keyIdOf(name, publicKey))}+${toBase64(Uint8Array.of(ED25519, ...seed))}`;
}

/** The first `n - 1` plus-separated fields and the rest (base64 has plus signs of its own); null with fewer. */
function splitKey<N extends 3 | 5>(text: string, n: N): (N extends 3 ? [string, string, string] : [string, string, string, string, string]) | null {
  const parts: string[] = [];
  let rest = text;
  while (parts.length < n - 1) {
    const at = rest.indexOf('+');
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  return [...parts, rest] as never;
}

/** Reads a `PRIVATE+KEY+…` string; throws with the reason when it is not one. */
export function parseSignerKey(text: string): NoteSigner {
  const parts = splitKey(text.trim(), 5);
  if (!parts || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY') throw new Error('must look like PRIVATE+KEY+<name>+<hash>+<key>');
  const [, , name, id, key] = parts;
  const raw = fromBase64(key);
  if (!validName(name) || raw.length !== 33 || raw[0] !== ED25519) throw new Error('is not an Ed25519 signed-note key');
  const seed = raw.slice(1);
  const publicKey = ed25519.getPublicKey(seed);
  if (hex8(keyIdOf(name, publicKey)) !== id) throw new Error('has a key hash that does not match its key');
  return { name, keyId: keyIdOf(name, publicKey), seed, publicKey };
}

/** Reads a verifier key `<name>+<hash>+<base64 key>`. */
function parseVerifierKey(text: string): { name: string; keyId: Uint8Array; publicKey: Uint8Array } {
  const parts = splitKey(text.trim(), 3);
  if (!parts) throw new Error('a verifier key is <name>+<hash>+<key>');
  const [name, id, key] = parts;
  const raw = fromBase64(key);
  if (raw.length !== 33 || raw[0] !== ED25519) throw new Error('not an Ed25519 verifier key');
  const publicKey = raw.slice(1);
  if (hex8(keyIdOf(name, publicKey)) !== id) throw new Error('the key hash does not match the key');
  return { name, keyId: keyIdOf(name, publicKey), publicKey };
}

/** Signs `text` (which ends with a newline) into a signed note with one signature line. */
export function signNote(text: string, signer: NoteSigner): string {
  if (!text.endsWith('\n')) throw new Error('a note text ends with a newline');
  const message = utf8.encode(text);
  const sig = signer.sign ? signer.sign(message) : ed25519.sign(message, signer.seed);
  return `${text}\n\u2014 ${signer.name} ${toBase64(Uint8Array.of(...signer.keyId, ...sig))}\n`;
}

/** A note's text and the signatures on it that name `verifierKey` (its name and key id): the ones worth checking. */
export interface NoteToVerify {
  text: string;
  message: Uint8Array;
  publicKey: Uint8Array;
  signatures: Uint8Array[];
}

/** Splits `note` into its text and the signatures by `verifierKey`'s name and key id; null when it is not a note. */
export function noteToVerify(note: string, verifierKey: string): NoteToVerify | null {
  const key = parseVerifierKey(verifierKey);
  const split = note.lastIndexOf('\n\n');
  if (split < 0) return null;
  const text = note.slice(0, split + 1);
  const signatures: Uint8Array[] = [];
  for (const line of note.slice(split + 2).split('\n')) {
    const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!m || m[1] !== key.name) continue;
    const raw = fromBase64(m[2]!);
    if (raw.length === 68 && raw.slice(0, 4).every((b, i) => b === key.keyId[i])) signatures.push(raw.slice(4));
  }
  return { text, message: utf8.encode(text), publicKey: key.publicKey, signatures };
}

/** The text of `note` when it carries a valid signature by `verifierKey`; null otherwise. */
export function openNote(note: string, verifierKey: string): string | null {
  const n = noteToVerify(note, verifierKey);
  return n?.signatures.some((sig) => ed25519.verify(sig, n.message, n.publicKey)) ? n.text : null;
}

/** A tlog checkpoint body: origin, tree size, base64 root hash, each on its own line. */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

export const formatCheckpoint = (c: Checkpoint): string => `${c.origin}\n${c.size}\n${toBase64(c.root)}\n`;

export function parseCheckpoint(text: string): Checkpoint {
  const [origin, size, root] = text.split('\n');
  if (!origin || !/^(0|[1-9]\d*)$/.test(size ?? '') || !root) throw new Error('not a checkpoint');
  return { origin, size: Number(size), root: fromBase64(root) };
}
