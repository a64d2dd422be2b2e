import { globalRegistry, type $ZodType } from 'zod/v4/core';

/**
 * A request's JSON Schema shows what zod can say of the raw value; a field that is cleaned first (zText: trimmed,
 * control and bidi characters removed) and then checked (`.pipe(z.string().min(2).max(50).regex(...))`) would be
 * documented as a bare string, so requests the document calls valid would be refused. This states those rules on the
 * raw value, a little stricter than the route (never looser): at least `min` and at most `max` characters that
 * survive the cleaning, between optional outer blanks, and every pattern the checked value must match.
 */

/** A character trimming and cleaning keep, and that NFC cannot merge with its neighbour (combining marks, jamo). */
const KEPT = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\u0300-\\u036f\\u1100-\\u11ff\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f\\ud800-\\udfff';
const EDGE = `[^\\s${KEPT}]`;
/** Inside the text: also blanks, tabs and line feeds (a carriage return may merge with a line feed). */
const INSIDE = `[^\\r\\u000b\\u000c\\u0085\\u2028\\u2029${KEPT.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000e-\\u001f')}]`;

/** The raw text's pattern for a cleaned length between min and max. */
function cleanedLength(min: number, max: number): string {
  const inner = `${EDGE}(?:${INSIDE}{${Math.max(0, min - 2)},${Math.max(0, max - 2)}}${EDGE})?`;
  return min <= 0 ? `^\\s*(?:${inner})?\\s*$` : min === 1 ? `^\\s*${inner}\\s*$` : `^\\s*${EDGE}${INSIDE}{${min - 2},${Math.max(min - 2, max - 2)}}${EDGE}\\s*$`;
}

interface Rules {
  cleaned: boolean;
  min: number;
  max: number;
  patterns: string[];
}

type Check = { _zod: { def: { check: string; minimum?: number; maximum?: number; pattern?: RegExp } } };
type Def = { type: string; checks?: Check[]; in?: $ZodType; out?: $ZodType; innerType?: $ZodType; shape?: Record<string, $ZodType>; options?: $ZodType[]; element?: $ZodType };

const defOf = (s: $ZodType) => s._zod.def as unknown as Def;

/** What a pipe's parts require of the value (lengths, patterns), and whether a transform changes it on the way. */
function collect(s: $ZodType, rules: Rules, depth = 0): void {
  if (depth > 16) return;
  const def = defOf(s);
  if (def.type === 'transform') rules.cleaned = true;
  if (def.type === 'string') {
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      // .trim() and friends rewrite the value before the rest of the checks, as a transform would.
      if (c.check === 'overwrite') rules.cleaned = true;
      if (c.check === 'min_length' && c.minimum !== undefined) rules.min = Math.max(rules.min, c.minimum);
      if (c.check === 'max_length' && c.maximum !== undefined) rules.max = Math.min(rules.max, c.maximum);
      if (c.check === 'string_format' && c.pattern) rules.patterns.push(c.pattern.source);
    }
  }
  if (def.type === 'pipe') {
    collect(def.in!, rules, depth + 1);
    collect(def.out!, rules, depth + 1);
  }
}

/** States the cleaned-text rules of every pipe in a request schema (objects, arrays, optional and default wrappers). */
export function documentCleanedText(s: $ZodType | undefined, depth = 0): void {
  if (!s || depth > 16) return;
  const def = defOf(s);
  if (def.type === 'pipe' && defOf(def.in!).type !== 'transform' && !globalRegistry.has(s)) {
    const rules: Rules = { cleaned: false, min: 0, max: 100_000, patterns: [] };
    collect(s, rules);
    if (rules.cleaned && (rules.min > 0 || rules.max < 100_000 || rules.patterns.length)) {
      globalRegistry.add(s, { allOf: [cleanedLength(rules.min, rules.max), ...rules.patterns].map((pattern) => ({ pattern })) } as never);
    }
    return;
  }
  for (const child of [def.innerType, def.element, ...(def.options ?? []), ...Object.values(def.shape ?? {})]) documentCleanedText(child, depth + 1);
}
