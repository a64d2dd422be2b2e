import { formatCount, formatTokens, formatUsd, formatUsShortDate } from '@app/common/domain/format';

/** Runs a formatter; on a value it cannot format, logs it and shows the raw value rather than breaking the page. */
function safe<T>(fn: (v: T) => string, value: T): string {
  try {
    return fn(value);
  } catch (err) {
    console.error('Could not format ledger value:', value, err);
    return String(value);
  }
}

/** '$1,234.56', or the raw value if it is not a decimal string. */
export const showUsd = (v: string): string => safe(formatUsd, v);
/** '10,000.5', or the raw value if it is not a decimal string. */
export const showTokens = (v: string): string => safe(formatTokens, v);
/** '10/4/2025', or the raw value if it is not a YYYY-MM-DD date. */
export const showDate = (v: string): string => safe(formatUsShortDate, v);
/** '1,234', or the raw value if it is not a whole count. */
export const showCount = (v: number): string => safe(formatCount, v);
