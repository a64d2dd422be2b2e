import { useState } from 'react';
import { initials } from '@app/common/domain/initials';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-12 w-12 text-base', lg: 'h-24 w-24 text-3xl', xl: 'h-24 w-24 text-3xl sm:h-28 sm:w-28 sm:text-4xl' } as const;
const INITIALS = {
  navy: 'bg-ink-800 font-semibold text-gold-300 ring-2 ring-gold-500/60',
  gold: 'bg-gradient-to-br from-gold-300 to-gold-600 font-display font-semibold text-ink-950',
} as const;

/**
 * A member's picture, or their initials (first letter of each word, at most 2) when there is none or it
 * fails to load. `tone` colours the initials: navy with a gold ring (lists), or gold (the profile page).
 */
export function Avatar({
  name,
  src,
  size = 'md',
  tone = 'navy',
  className,
}: {
  name: string | null;
  src: string | null;
  size?: keyof typeof SIZES;
  tone?: keyof typeof INITIALS;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', SIZES[size], className);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={96}
        height={96}
        className={cn(base, 'bg-ink-800 object-cover', tone === 'navy' && 'ring-2 ring-gold-500/60')}
        onError={() => setFailed(true)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span aria-hidden="true" data-testid="avatar-initials" className={cn(base, INITIALS[tone])}>
      {initials(name)}
    </span>
  );
}
