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

/**
 * The phone pattern: an optional plus, a leading digit 1-9, at most 16 digits in all, with the separators people type
 * (spaces, dashes, round brackets) anywhere. One regular expression, so the API's document states it too.
 */
export const PHONE_PATTERN = /^[\s\-()]*\+?[\s\-()]*[1-9](?:[\s\-()]*\d){0,15}[\s\-()]*$/;

/** Whether `value` is a phone number by the spec's pattern ("+1 (555) 123-4567" passes, "0123" and "abc" do not). */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
