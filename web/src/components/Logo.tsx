/** The emblem: a gold shield with an "A", drawn inline so it needs no request. */
export function Emblem({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <path
        d="M16 3.5 27 8v8c0 6.6-4.7 11-11 12.5C9.7 27 5 22.6 5 16V8z"
        fill="var(--color-ink-800)"
        stroke="var(--color-gold-500)"
        strokeWidth="1.75"
      />
      <path
        d="M11.5 21.5 16 10l4.5 11.5M13 17.5h6"
        fill="none"
        stroke="var(--color-gold-500)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
