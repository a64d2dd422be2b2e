import { describe, expect, it } from 'vitest';
import { isLedgerSearch, INVESTOR_ID_SEARCH_MAX } from '../../common/src/domain/ledger-search';
import { ZApiError } from '../../common/src/schemas/errors';
import { ZLedgerQuery } from '../../common/src/schemas/ledger';
import { ApiError, apiErrorFrom } from '../../web/src/lib/http';

// The public ledger page checks searches and error answers without zod (its JS budget: docs/decisions/0002-public-ledger-page-weight.md); these hand-written
// checks must say what the API's schemas say.

const SEARCHES = [
  '', 'ADX0001', 'adx', ' ADX-1 ', 'ADX_1', 'ADX 1', 'é', '<script>', 'A'.repeat(INVESTOR_ID_SEARCH_MAX),
  'A'.repeat(INVESTOR_ID_SEARCH_MAX + 1), ` ${'A'.repeat(INVESTOR_ID_SEARCH_MAX)} `, '0-0-0', '%', 'ADX0001\n',
];

describe('isLedgerSearch', () => {
  it.each(SEARCHES)('agrees with the API query schema on %j', (search) => {
    expect(isLedgerSearch(search)).toBe(ZLedgerQuery.shape.search.safeParse(search).success);
  });
});

describe('apiErrorFrom', () => {
  const bodies: unknown[] = [
    { statusCode: 400, error: 'Bad Request', message: 'bad', fields: { search: ['too long'] }, requestId: 'r1' },
    { statusCode: 404, error: 'Not Found', message: 'gone' },
    { statusCode: '400', error: 'Bad Request', message: 'bad' },
    { statusCode: 400.5, error: 'Bad Request', message: 'bad' },
    { statusCode: 400, error: 'Bad Request' },
    { statusCode: 400, error: 'Bad Request', message: 'bad', fields: { search: 'too long' } },
    { statusCode: 400, error: 'Bad Request', message: 'bad', fields: null },
    { statusCode: 400, error: 'Bad Request', message: 'bad', requestId: 7 },
    null,
    [],
  ];
  it.each(bodies)('reads the body %j as the API error schema does', (body) => {
    const err = apiErrorFrom(502, 'Bad Gateway', JSON.stringify(body));
    expect(err).toBeInstanceOf(ApiError);
    const parsed = ZApiError.safeParse(body);
    if (parsed.success) {
      expect({ ...err, message: err.message }).toMatchObject({ ...parsed.data, fields: parsed.data.fields });
    } else {
      expect(err).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message: 'Request failed with status 502' });
    }
  });

  it('makes one up from the status when the body is not JSON', () => {
    expect(apiErrorFrom(500, '', 'oops')).toMatchObject({ statusCode: 500, error: 'Error', message: 'Request failed with status 500' });
  });
});
