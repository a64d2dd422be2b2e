import { useState } from 'react';
import { initials } from '@app/common/domain/initials';
import { cn } from '../../lib/cn';

const SIZES = { md: 'h-12 w-12 text-base', lg: 'h-24 w-24 text-3xl sm:h-28 sm:w-28 sm:text-4xl' } as const;

/** A member's picture, or their initials (first letter of each word, at most 2) when there is none or it fails to load. */
export function MemberAvatar({ name, src, size = 'md', className }: { name: string; src: string | null; size?: keyof typeof SIZES; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', SIZES[size], className);
  if (src && !failed) {
    return <img src={src} alt="" className={cn(base, 'bg-ink-800 object-cover')} onError={() => setFailed(true)} referrerPolicy="no-referrer" />;
  }
  return (
    <span aria-hidden="true" data-testid="avatar-initials" className={cn(base, 'bg-gradient-to-br from-gold-300 to-gold-600 font-display font-semibold text-ink-950')}>
      {initials(name)}
    </span>
  );
}
