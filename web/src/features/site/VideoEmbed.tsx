import { useState } from 'react';
import { videoEmbedUrl } from '@app/common/domain/video';
import { cn } from '../../lib/cn';

const POSTER =
  'absolute inset-0 flex flex-col items-center justify-center gap-4 bg-[radial-gradient(circle_at_30%_20%,rgba(201,162,39,0.28),transparent_55%),radial-gradient(circle_at_80%_90%,rgba(42,70,128,0.7),transparent_60%)] p-6 text-center text-white';

/**
 * An embedded video that costs nothing until asked for: a poster with a play button, replaced by the player's
 * iframe (privacy-enhanced YouTube) on click. `link` is the site setting (any YouTube link); unset, or not a video
 * link, the poster stays without a play button, so no one meets a player that says 'Video unavailable'. The 16:9
 * box never changes size.
 */
export function VideoEmbed({ link, title, caption, className }: { link: string | undefined; title: string; caption?: string; className?: string }) {
  const [playing, setPlaying] = useState(false);
  const src = videoEmbedUrl(link);
  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-xl bg-ink-950 shadow-xl shadow-ink-950/25 ring-1 ring-gold-500/30', className)}>
      {!src ? (
        <div className={POSTER} data-testid="video-poster">
          <span className="font-display text-lg font-semibold sm:text-2xl">{title.replace(/^Watch the /, 'The ')}</span>
          <span className="max-w-md text-sm text-slate-300">Coming soon.</span>
        </div>
      ) : playing ? (
        <iframe
          src={`${src}?autoplay=1&rel=0`}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className={cn('group', POSTER)}
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-500 text-ink-950 shadow-lg shadow-black/30 transition-transform group-hover:scale-105 motion-reduce:transition-none sm:h-20 sm:w-20">
            <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7 sm:h-8 sm:w-8" fill="currentColor" aria-hidden="true">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5Z" />
            </svg>
          </span>
          <span className="font-display text-lg font-semibold sm:text-2xl">
            <span className="sr-only">Play video: </span>
            {title}
          </span>
          {caption && <span className="max-w-md text-sm text-slate-300">{caption}</span>}
        </button>
      )}
    </div>
  );
}
