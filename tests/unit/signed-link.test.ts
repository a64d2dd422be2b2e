import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from '@app/common/domain/signed-link';

const SECRET = 'a test secret of at least thirty-two characters';
const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('signed links', () => {
  const token = signLink(SECRET, { p: 'receipts', e: 'donor@example.org', x: NOW + 60_000 });

  it('open for their purpose until they expire', () => {
    expect(verifyLink(SECRET, token, 'receipts', NOW)).toEqual({ ok: true, claims: { p: 'receipts', e: 'donor@example.org', x: NOW + 60_000 } });
    expect(verifyLink(SECRET, token, 'receipts', NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another purpose, another secret, and any change to the claims or the signature', () => {
    expect(verifyLink(SECRET, token, 'claim', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(`${SECRET}!`, token, 'receipts', NOW)).toEqual({ ok: false, reason: 'invalid' });
    const [body, sig] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ p: 'receipts', e: 'other@example.org', x: NOW + 60_000 })).toString('base64url');
    expect(verifyLink(SECRET, `${other}.${sig}`, 'receipts', NOW).ok).toBe(false);
    expect(verifyLink(SECRET, `${body}.${sig.slice(1)}`, 'receipts', NOW).ok).toBe(false);
    for (const bad of ['', '.', 'abc', `${body}.${sig}.x`, `${body}.!!`]) expect(verifyLink(SECRET, bad, 'receipts', NOW).ok).toBe(false);
  });
});
