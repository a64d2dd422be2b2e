import { initials } from '@app/common/domain/initials';
import { cn } from '../../lib/cn';

/** A member's avatar image, or their initials on navy when they have none. */
export function Avatar({ name, src, size = 'md', className }: { name: string | null; src: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const box = { sm: 'h-8 w-8 text-xs', md: 'h-12 w-12 text-base', lg: 'h-24 w-24 text-3xl' }[size];
  if (src) return <img src={src} alt="" width={96} height={96} className={cn('shrink-0 rounded-full object-cover ring-2 ring-gold-500/60', box, className)} />;
  return (
    <span aria-hidden="true" className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-ink-800 font-semibold text-gold-300 ring-2 ring-gold-500/60', box, className)}>
      {initials(name)}
    </span>
  );
}
