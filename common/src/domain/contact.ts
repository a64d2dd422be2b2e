/**
 * The spec's contact-detail helpers (§5 "Helpers"): a basic e-mail pattern and a phone pattern. Shared by the
 * forms in the browser and the API, so both refuse exactly the same input.
 */

/** A basic e-mail pattern: something@something.tld, no blanks, one @. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `value` (trimmed) looks like an e-mail address. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The phone pattern, applied after stripping spaces, dashes and brackets: an optional plus, a leading digit 1-9, at most 16 digits in all. */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

/** Removes the separators people type in phone numbers: spaces, dashes and round brackets. */
export function stripPhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

/** Whether `value` is a phone number by the spec's pattern ("+1 (555) 123-4567" passes, "0123" and "abc" do not). */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(stripPhone(value));
}
