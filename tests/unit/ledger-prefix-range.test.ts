// The investor-ID search as a byte-wise range (common/src/server/ledger/ledger-page-sql.ts prefixRange): an ID is in
// [from, to) exactly when it starts with what was typed, upper-cased, for every search the API accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_SEARCH_PATTERN } from '@app/common/domain/ledger-search';
import { prefixRange } from '@app/common/server/ledger/ledger-page-sql';

const searchChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
const idChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:[/'.split(''));
/** Byte-wise comparison, as Postgres's text_pattern_ops operators (~<~, ~>=~) compare. */
const below = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

describe('prefixRange', () => {
  it('holds exactly the IDs that start with the search', () => {
    fc.assert(
      fc.property(fc.string({ unit: searchChar, minLength: 1, maxLength: 8 }), fc.string({ unit: idChar, maxLength: 10 }), fc.boolean(), (search, tail, prefixed) => {
        expect(LEDGER_SEARCH_PATTERN.test(search)).toBe(true);
        const id = prefixed ? search.toUpperCase() + tail : tail;
        const [from, to] = prefixRange(search);
        expect(!below(id, from) && below(id, to)).toBe(id.startsWith(search.toUpperCase()));
      }),
      { numRuns: 2000 },
    );
  });
});
