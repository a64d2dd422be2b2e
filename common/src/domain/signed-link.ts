import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, toBase64 } from './base64';

/**
 * Signed, expiring links mailed to a payer (docs/account.md): `<base64url(JSON claims)>.<base64url(HMAC-SHA256)>`.
 * The claims are readable (an address the reader already has) but any change breaks the signature; each link names
 * its purpose, so a receipts link cannot stand in for a claim link.
 */
export type LinkPurpose = 'receipts' | 'claim';

/** What a link says: its purpose, the payer's address, the member it was mailed to (claims), and when it expires (ms). */
export interface LinkClaims {
  p: LinkPurpose;
  e: string;
  u?: string;
  x: number;
}

/** How long each kind of link opens its page. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { receipts: 30 * 24 * 3_600_000, claim: 24 * 3_600_000 };

const utf8 = new TextEncoder();
const b64url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64url = (text: string) => fromBase64(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
const mac = (secret: string, body: string) => hmac(sha256, utf8.encode(secret), utf8.encode(body));

/** A link token for `claims`, signed with `secret`. */
export function signLink(secret: string, claims: LinkClaims): string {
  const body = b64url(utf8.encode(JSON.stringify(claims)));
  return `${body}.${b64url(mac(secret, body))}`;
}

/** Why a token opens nothing, as the page says it. */
export type LinkRefusal = 'invalid' | 'expired';

/** The claims of a token signed with `secret` for `purpose` and not expired at `now`, or why not. */
export function verifyLink(secret: string, token: string, purpose: LinkPurpose, now: number): { ok: true; claims: LinkClaims } | { ok: false; reason: LinkRefusal } {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return { ok: false, reason: 'invalid' };
  let given: Uint8Array;
  let claims: LinkClaims;
  try {
    given = fromB64url(sig);
    claims = JSON.parse(new TextDecoder().decode(fromB64url(body))) as LinkClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const want = mac(secret, body);
  // Compared in constant time: how long the check takes says nothing about how much of a forged signature was right.
  let diff = given.length ^ want.length;
  for (let i = 0; i < want.length; i++) diff |= (given[i] ?? 0) ^ want[i]!;
  if (diff !== 0 || claims?.p !== purpose || typeof claims.e !== 'string' || typeof claims.x !== 'number') return { ok: false, reason: 'invalid' };
  return claims.x <= now ? { ok: false, reason: 'expired' } : { ok: true, claims };
}
