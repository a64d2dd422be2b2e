import { describe, expect, it } from 'vitest';
import { isWebRoute } from '@app/common/routes';

describe('isWebRoute', () => {
  it('knows the app routes', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/token-ledger')).toBe(true);
    expect(isWebRoute('/token-ledger/')).toBe(true);
    expect(isWebRoute('/profile/alice')).toBe(true);
    expect(isWebRoute('/business-ecosystem')).toBe(true);
  });
  it('rejects everything else', () => {
    expect(isWebRoute('/nope')).toBe(false);
    expect(isWebRoute('/token-ledger/extra')).toBe(false);
    expect(isWebRoute('/profile')).toBe(false);
    expect(isWebRoute('/profile/alice/extra')).toBe(false);
    expect(isWebRoute('')).toBe(false);
  });
});
