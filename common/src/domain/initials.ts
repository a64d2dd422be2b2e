/** Initials as the spec defines them: first letter of each word, at most 2, in capitals ('?' when empty). */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0] ?? '')
    .join('');
  return [...letters].slice(0, 2).join('').toUpperCase() || '?';
}
