/** A class value: a class string, or a falsy value that is skipped (so `cond && 'class'` works). */
export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names, skipping falsy values: `cn('a', cond && 'b', undefined)` → `'a b'` or `'a'`.
 * It does not resolve Tailwind conflicts: to override a component's default utility from `className`,
 * use Tailwind's important modifier (`bg-red-700!`) or a variant/size prop.
 */
export function cn(...classes: ClassValue[]): string {
  let out = '';
  for (const c of classes) {
    if (c) out = out ? `${out} ${c}` : c;
  }
  return out;
}
