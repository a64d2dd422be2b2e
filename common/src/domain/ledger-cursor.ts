/**
 * A position in the public ledger's display order (purchase date, then time recorded, then id, all descending):
 * `2025-01-31_2025-02-01T10:00:00.123456Z_42`. Pages are read from a position (keyset paging), so page 200 costs what
 * page 1 costs; the API hands out the positions of each page's first and last row.
 */
export const LEDGER_CURSOR = /^([1-9]\d{3})-(\d{2})-(\d{2})_([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z_(\d{1,18})$/;

/** A cursor read into its parts, each one a value Postgres accepts for its column (date, timestamptz, bigint). */
export interface LedgerPosition {
  purchaseDate: string;
  createdAt: string;
  id: string;
}

function isDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * The position a cursor names, or null when it names none: the shape, and every part a real value (a calendar day,
 * a time of day, an id). Plain arithmetic, no Date: nothing in here can throw, whatever the text.
 */
export function parseLedgerCursor(cursor: string): LedgerPosition | null {
  const m = LEDGER_CURSOR.exec(cursor);
  if (!m) return null;
  const [y1, mo1, d1, y2, mo2, d2, h, mi, s] = m.slice(1, 10).map(Number) as [number, number, number, number, number, number, number, number, number];
  if (!isDay(y1, mo1, d1) || !isDay(y2, mo2, d2) || h > 23 || mi > 59 || s > 59) return null;
  return { purchaseDate: `${m[1]}-${m[2]}-${m[3]}`, createdAt: `${m[4]}-${m[5]}-${m[6]}T${m[7]}:${m[8]}:${m[9]}.${m[10]}Z`, id: m[11]! };
}
