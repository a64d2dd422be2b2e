/**
 * A moment (an ISO timestamp such as created_at) as the calendar date where the viewer is, in US short format
 * ("10/4/2025"). Cutting the timestamp to its UTC day (`iso.slice(0, 10)`) showed tomorrow's date to viewers
 * in the Americas every evening. Calendar dates without a time (purchase_date) stay `formatUsShortDate`.
 * `timeZone` defaults to the runtime's (the browser's); throws a RangeError on an unreadable timestamp.
 */
export function formatLocalDate(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (typeof iso !== 'string' || Number.isNaN(d.getTime())) throw new RangeError(`Not a timestamp: "${String(iso)}"`);
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(d);
}
