import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { createHoverIntent, type HoverIntent } from './hover-intent';
import { DOG_POUND_LINKS } from './links';

/**
 * The DOG POUND dropdown of the top bar: a disclosure button with a panel of links (the navigation pattern, not an
 * application menu). It opens on hover with the spec's delays (see hover-intent.ts), on click, or with the keyboard;
 * Escape, a click outside or following a link closes it.
 */
export function DogPoundMenu() {
  const [open, setOpen] = useState(false);
  const intent = useRef<HoverIntent | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    const i = createHoverIntent(setOpen);
    intent.current = i;
    return () => i.dispose();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) intent.current?.set(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        intent.current?.set(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const hover = {
    onPointerEnter: (e: React.PointerEvent) => e.pointerType === 'mouse' && intent.current?.enter(),
    onPointerLeave: (e: React.PointerEvent) => e.pointerType === 'mouse' && intent.current?.leave(),
  };

  return (
    <div
      ref={root}
      className="relative"
      {...hover}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) intent.current?.set(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const i = intent.current;
          if (!i) return;
          if (!open) i.set(true);
          else if (i.clickCloses()) i.set(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            intent.current?.set(true);
            requestAnimationFrame(() => document.getElementById(panelId)?.querySelector('a')?.focus());
          }
        }}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold tracking-wide text-slate-200 transition-colors hover:bg-ink-800 hover:text-white',
          open && 'bg-ink-800 text-white',
        )}
      >
        DOG POUND
        <svg viewBox="0 0 20 20" aria-hidden="true" className={cn('h-4 w-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')} fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-1/2 top-full z-50 w-64 -translate-x-1/2 pt-2"
      >
        <ul className="rounded-lg border border-slate-200 bg-white p-1.5 text-ink-900 shadow-xl shadow-ink-950/20">
          {DOG_POUND_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                onClick={() => intent.current?.set(false)}
                className="block rounded-md px-3 py-2 hover:bg-gold-100 focus-visible:bg-gold-100"
              >
                <span className="block text-sm font-semibold">{l.label}</span>
                <span className="block text-xs text-slate-600">{l.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
