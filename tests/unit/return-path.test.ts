import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from '@app/common/domain/return-path';

describe('safeReturnPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnPath('/investment-success?session_id=cs_1')).toBe('/investment-success?session_id=cs_1');
    expect(safeReturnPath('/profile/ada#bio')).toBe('/profile/ada#bio');
  });

  it.each(['https://evil.example', 'http:/evil.example', '//evil.example', '///evil.example', '/\\evil.example', '\\/evil.example', ' /x', '/x\n', 'x', '', '/auth', '/auth?returnTo=/x', '/api/x', null, 42])(
    'refuses %j',
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/a/../security')).toBe('/security');
  });
});

describe('signInPath', () => {
  it('carries the page in ?returnTo=, and nothing for the landing page or a refused path', () => {
    expect(signInPath('/security')).toBe('/auth?returnTo=%2Fsecurity');
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('//evil.example')).toBe('/auth');
  });
});
