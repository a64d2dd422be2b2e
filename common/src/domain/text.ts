import { z } from 'zod';

/**
 * The one cleaning step of every free-text field (forms, donations, speaker profiles, sessions), used by
 * the zod schemas the web forms and the API routes share, so both accept and store exactly the same text.
 *
 * - Refused with a clear message (400 from the API, a field message in the form): NUL (U+0000) and lone
 *   UTF-16 surrogates. Postgres cannot store either (22P05 / 22021), and silently dropping them would
 *   change what the person typed without telling them.
 * - Cleaned: Unicode NFC; CR LF and CR become LF; control characters (C0, DEL, C1) are removed, except that
 *   multi-line text keeps line breaks and tabs, and single-line text turns them (and the other blank-like
 *   controls: VT, FF, NEL) into a blank so words stay apart; bidi embedding,
 *   override and isolate controls (U+202A–U+202E, U+2066–U+2069) are removed, so a name cannot reorder
 *   what an admin reads around it; outer blanks are trimmed.
 */

/** The messages for text that cannot be stored. */
export const TEXT_MESSAGES = {
  nul: 'This text contains a NUL character (U+0000), which cannot be stored: please remove it',
  surrogate: 'This text contains a broken character (an unpaired UTF-16 surrogate), which cannot be stored: please retype it',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
// eslint-disable-next-line no-control-regex -- tab, line feed, VT, FF and NEL separate words
const BLANK_CONTROLS = /[\t\n\u000B\u000C\u0085]/g;
// eslint-disable-next-line no-control-regex -- as above, keeping tab (09) and line feed (0A)
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Why `value` cannot be stored (NUL or a lone surrogate), or null when it can. */
export function unstorableReason(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  return null;
}

/** The cleaning step (see the module comment); `multiline` keeps line breaks and tabs. */
export function cleanText(value: string, multiline = false): string {
  const normalised = value.replace(/\r\n?/g, '\n').normalize('NFC');
  const stripped = multiline ? normalised.replace(CONTROL_MULTI_LINE, '') : normalised.replace(BLANK_CONTROLS, ' ').replace(CONTROL, '');
  return stripped.replace(BIDI_CONTROLS, '').trim();
}

type StringParams = Parameters<typeof z.string>[0];

/** A string that refuses NUL and lone surrogates (identifiers, tokens, search terms: not otherwise changed). */
export function zStorable(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !v.includes('\u0000'), { message: TEXT_MESSAGES.nul, abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { message: TEXT_MESSAGES.surrogate, abort: true });
}

/** A free-text field: refuses what cannot be stored, then cleans; pipe it into the field's length rules. */
export function zText(opts: { multiline?: boolean; error?: StringParams } = {}) {
  return zStorable(opts.error).transform((v) => cleanText(v, opts.multiline));
}
