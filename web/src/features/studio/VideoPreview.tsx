import { useEffect, useRef } from 'react';
import type { StudioState } from '@app/common/studio';
import { cn } from '../../lib/cn';
import { formatClock } from './media';

/** The camera while recording (with a REC/PAUSED clock), a note when it is off, the recording once saved. */
export function VideoPreview({ stream, state, elapsed, previewError, playbackUrl }: { stream: MediaStream | null; state: StudioState; elapsed: number; previewError: string | null; playbackUrl: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  }, [stream]);
  const recording = state === 'live' || state === 'paused';
  if (state === 'completed' && playbackUrl) {
    return (
      <div className="overflow-hidden rounded-xl bg-ink-950 ring-1 ring-ink-900/10">
        <video src={playbackUrl} controls playsInline preload="metadata" aria-label="Your recording" data-testid="studio-playback" className="aspect-video w-full" />
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink-950 ring-1 ring-ink-900/10">
      <video ref={ref} muted playsInline autoPlay aria-label="Camera preview" data-testid="studio-preview" className={cn('h-full w-full object-cover', !stream && 'hidden')} />
      {!stream && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-300">
          {state === 'completed' || state === 'uploading' || state === 'ending'
            ? 'Camera off: the recording has ended.'
            : (previewError ?? 'Starting the camera…')}
        </div>
      )}
      {recording && (
        <div className="absolute left-3 top-3 flex items-center gap-2 rounded-full bg-ink-950/75 px-3 py-1 text-sm font-semibold text-white">
          <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', state === 'live' ? 'animate-pulse bg-red-500 motion-reduce:animate-none' : 'bg-gold-400')} />
          {state === 'live' ? 'REC' : 'PAUSED'} <span className="font-mono tabular-nums">{formatClock(elapsed)}</span>
        </div>
      )}
    </div>
  );
}
