import { describe, it, expect } from 'vitest';
import {
  formatCount,
  formatFoundMessage,
  formatTokens,
  formatUsd,
  formatUsShortDate,
  groupThousands,
  pageCount,
  parseDecimal,
  roundDecimal,
} from '@app/common/domain/format';

describe('parseDecimal', () => {
  it('splits sign, integer and fraction, dropping leading zeros', () => {
    expect(parseDecimal('1000.00')).toEqual({ negative: false, int: '1000', frac: '00' });
    expect(parseDecimal('-0012.5')).toEqual({ negative: true, int: '12', frac: '5' });
    expect(parseDecimal('+7')).toEqual({ negative: false, int: '7', frac: '' });
    expect(parseDecimal('.5')).toEqual({ negative: false, int: '0', frac: '5' });
    expect(parseDecimal('5.')).toEqual({ negative: false, int: '5', frac: '' });
    expect(parseDecimal(' 42 ')).toEqual({ negative: false, int: '42', frac: '' });
  });

  it.each(['', ' ', '-', '.', 'abc', '1e5', '1,000', '1.2.3', 'NaN', 'Infinity', '$5', '- 5', '0x10'])(
    'rejects %j',
    (bad) => {
      expect(() => parseDecimal(bad)).toThrow(RangeError);
    },
  );
});

describe('groupThousands', () => {
  it('groups by three from the right', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
  it('rejects non-digits', () => {
    expect(() => groupThousands('12a')).toThrow(RangeError);
    expect(() => groupThousands('')).toThrow(RangeError);
  });
});

describe('roundDecimal', () => {
  it('rounds half away from zero and carries', () => {
    expect(roundDecimal(parseDecimal('9.995'), 2)).toEqual({ negative: false, int: '10', frac: '00' });
    expect(roundDecimal(parseDecimal('-0.125'), 2)).toEqual({ negative: true, int: '0', frac: '13' });
    expect(roundDecimal(parseDecimal('0.004'), 2)).toEqual({ negative: false, int: '0', frac: '00' });
    expect(roundDecimal(parseDecimal('2.5'), 0)).toEqual({ negative: false, int: '3', frac: '' });
  });
  it('pads short fractions', () => {
    expect(roundDecimal(parseDecimal('1'), 3)).toEqual({ negative: false, int: '1', frac: '000' });
  });
  it('rejects invalid places', () => {
    expect(() => roundDecimal(parseDecimal('1'), -1)).toThrow(RangeError);
    expect(() => roundDecimal(parseDecimal('1'), 1.5)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it('formats like en-US currency', () => {
    expect(formatUsd('1234.56')).toBe('$1,234.56');
    expect(formatUsd('1000.00')).toBe('$1,000.00');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('7')).toBe('$7.00');
    expect(formatUsd('0.5')).toBe('$0.50');
  });
  it('formats zero', () => {
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd('0.00')).toBe('$0.00');
    expect(formatUsd('-0.00')).toBe('$0.00');
    expect(formatUsd('-0.004')).toBe('$0.00');
  });
  it('formats negatives', () => {
    expect(formatUsd('-1234.56')).toBe('-$1,234.56');
    expect(formatUsd('-0.01')).toBe('-$0.01');
  });
  it('keeps every cent on values beyond float precision', () => {
    expect(formatUsd('12345678901234567.89')).toBe('$12,345,678,901,234,567.89');
    expect(formatUsd('99999999999999999999.99')).toBe('$99,999,999,999,999,999,999.99');
  });
  it('rounds extra decimals half away from zero, carrying into the dollars', () => {
    expect(formatUsd('0.005')).toBe('$0.01');
    expect(formatUsd('1.234')).toBe('$1.23');
    expect(formatUsd('999999.995')).toBe('$1,000,000.00');
    expect(formatUsd('-2.675')).toBe('-$2.68');
  });
  it('agrees with Intl for ordinary values', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const v of ['0.01', '1', '12.3', '999.99', '1000', '123456.78', '-42.42']) {
      expect(formatUsd(v)).toBe(intl.format(Number(v)));
    }
  });
  it('throws on invalid input', () => {
    expect(() => formatUsd('')).toThrow(RangeError);
    expect(() => formatUsd('abc')).toThrow(RangeError);
    expect(() => formatUsd('1,000.00')).toThrow(RangeError);
    expect(() => formatUsd('1e3')).toThrow(RangeError);
  });
});

describe('formatTokens', () => {
  it('trims trailing zeros and groups thousands', () => {
    expect(formatTokens('10000.00000000')).toBe('10,000');
    expect(formatTokens('0.12345678')).toBe('0.12345678');
    expect(formatTokens('1234.50')).toBe('1,234.5');
    expect(formatTokens('1234.5')).toBe('1,234.5');
    expect(formatTokens('100')).toBe('100');
  });
  it('formats zero', () => {
    expect(formatTokens('0')).toBe('0');
    expect(formatTokens('0.00000000')).toBe('0');
    expect(formatTokens('-0.000000001')).toBe('0');
  });
  it('shows the smallest unit', () => {
    expect(formatTokens('0.00000001')).toBe('0.00000001');
  });
  it('rounds beyond 8 decimals', () => {
    expect(formatTokens('0.123456785')).toBe('0.12345679');
    expect(formatTokens('0.123456784999')).toBe('0.12345678');
    expect(formatTokens('9.999999999')).toBe('10');
  });
  it('keeps precision on big values', () => {
    expect(formatTokens('123456789012345678.12345678')).toBe('123,456,789,012,345,678.12345678');
  });
  it('formats negatives', () => {
    expect(formatTokens('-1500.25')).toBe('-1,500.25');
  });
  it('throws on invalid input', () => {
    expect(() => formatTokens('')).toThrow(RangeError);
    expect(() => formatTokens('ten')).toThrow(RangeError);
    expect(() => formatTokens('1.2.3')).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
  it('rejects negatives, fractions and non-finite values', () => {
    expect(() => formatCount(-1)).toThrow(RangeError);
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
    expect(() => formatCount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatUsShortDate', () => {
  it('formats M/D/YYYY without leading zeros', () => {
    expect(formatUsShortDate('2025-10-04')).toBe('10/4/2025');
    expect(formatUsShortDate('2024-01-31')).toBe('1/31/2024');
    expect(formatUsShortDate('1999-12-01')).toBe('12/1/1999');
  });
  it('never shifts the calendar date, whatever the time zone', () => {
    // A Date-based implementation shifts '2025-01-01' to 12/31/2024 west of UTC.
    expect(formatUsShortDate('2025-01-01')).toBe('1/1/2025');
    expect(formatUsShortDate('2025-12-31')).toBe('12/31/2025');
  });
  it('knows leap years', () => {
    expect(formatUsShortDate('2024-02-29')).toBe('2/29/2024');
    expect(formatUsShortDate('2000-02-29')).toBe('2/29/2000');
    expect(() => formatUsShortDate('2025-02-29')).toThrow(RangeError);
    expect(() => formatUsShortDate('1900-02-29')).toThrow(RangeError);
  });
  it.each(['', '2025-13-01', '2025-00-10', '2025-04-31', '2025-10-00', '2025-1-4', '10/4/2025', '2025-10-04T00:00:00Z', 'soon'])(
    'rejects %j',
    (bad) => {
      expect(() => formatUsShortDate(bad)).toThrow(RangeError);
    },
  );
});

describe('formatFoundMessage', () => {
  it('uses the spec wording', () => {
    expect(formatFoundMessage(1)).toBe('Found 1 matching record(s)');
    expect(formatFoundMessage(12)).toBe('Found 12 matching record(s)');
  });
  it('rejects invalid counts', () => {
    expect(() => formatFoundMessage(-1)).toThrow(RangeError);
    expect(() => formatFoundMessage(2.5)).toThrow(RangeError);
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(1234, 50)).toBe(25);
  });
  it('rejects invalid arguments', () => {
    expect(() => pageCount(-1, 50)).toThrow(RangeError);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});
