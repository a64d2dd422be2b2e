/**
 * Pure display-formatting rules shared by the web app and the server (spec §9 "Ledger display": tokens with up
 * to 8 decimals, money in US dollars, dates in US short format). Amounts arrive as decimal strings ("1000.00",
 * "10000.00000000") and are formatted digit by digit, never through a float, so large values keep every cent.
 * Every function throws a RangeError on input it cannot format, instead of printing "NaN" or a wrong date.
 */

/** A decimal string split into sign, integer digits (no leading zeros, at least "0") and fraction digits. */
export interface ParsedDecimal {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
}

const DECIMAL_RE = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Parses a plain decimal string such as "-1234.5", "0.00000001", "+7" or ".5" (surrounding blanks allowed); throws a RangeError on anything else (exponents, commas, "NaN", ""). */
export function parseDecimal(value: string): ParsedDecimal {
  if (typeof value !== 'string') throw new RangeError(`Not a decimal string: ${String(value)}`);
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new RangeError(`Not a decimal string: "${value}"`);
  const int = (m[2] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = m[3] ?? m[4] ?? '';
  return { negative: m[1] === '-', int, frac };
}

/** Inserts en-US thousands separators into a string of digits: "1234567" -> "1,234,567". */
export function groupThousands(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Not a digit string: "${digits}"`);
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds a parsed decimal to `places` fraction digits, half away from zero (as Intl.NumberFormat does); the result's frac has exactly `places` digits. */
export function roundDecimal(d: ParsedDecimal, places: number): ParsedDecimal {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Invalid number of places: ${places}`);
  if (d.frac.length <= places) return { ...d, frac: d.frac.padEnd(places, '0') };
  const kept = BigInt(d.int + d.frac.slice(0, places));
  const roundUp = (d.frac.charCodeAt(places) - 48) >= 5;
  const digits = (roundUp ? kept + 1n : kept).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '');
  const frac = places === 0 ? '' : digits.slice(digits.length - places);
  return { negative: d.negative, int, frac };
}

function isZero(d: ParsedDecimal): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac);
}

/** Formats a decimal string of US dollars as en-US currency with exactly 2 decimals: "1234.5" -> "$1,234.50", "-3" -> "-$3.00"; a value that rounds to zero is "$0.00" (no minus). */
export function formatUsd(value: string): string {
  const r = roundDecimal(parseDecimal(value), 2);
  const sign = r.negative && !isZero(r) ? '-' : '';
  return `${sign}$${groupThousands(r.int)}.${r.frac}`;
}

/** Maximum number of decimals shown for an ADX token amount. */
const TOKEN_DECIMALS = 8;

/** Formats a decimal string token amount with thousands separators and up to 8 decimals, trailing zeros trimmed: "10000.00000000" -> "10,000", "1234.50" -> "1,234.5". */
export function formatTokens(value: string): string {
  const r = roundDecimal(parseDecimal(value), TOKEN_DECIMALS);
  const frac = r.frac.replace(/0+$/, '');
  const sign = r.negative && !isZero(r) ? '-' : '';
  return `${sign}${groupThousands(r.int)}${frac ? `.${frac}` : ''}`;
}

/** Formats a non-negative whole count with en-US thousands separators: 1234 -> "1,234". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a non-negative whole number: ${n}`);
  return groupThousands(String(n));
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Formats a calendar date "YYYY-MM-DD" in US short format without any time-zone shift: "2025-10-04" -> "10/4/2025"; throws on a malformed or impossible date. */
export function formatUsShortDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typeof isoDate === 'string' ? isoDate.trim() : '');
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: "${String(isoDate)}"`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: "${isoDate}"`);
  }
  return `${month}/${day}/${year}`;
}

/** The ledger search feedback for a search with `n` (at least 1) matches, as the spec words it: "Found 3 matching record(s)". */
export function formatFoundMessage(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a non-negative whole number: ${n}`);
  return `Found ${n} matching record(s)`;
}

/** Number of pages needed to show `total` rows `pageSize` at a time; at least 1, so an empty list still has "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Invalid total: ${total}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid page size: ${pageSize}`);
  return Math.max(1, Math.ceil(total / pageSize));
}
