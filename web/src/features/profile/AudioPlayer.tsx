import type { SyntheticEvent } from 'react';
import { toast } from '../../components/ui/toast';
import { PROFILE_TEXT } from './texts';

/**
 * MediaRecorder writes WebM without a duration, so browsers show 0:00 and cannot seek until the end has
 * been read. Seeking far past the end once makes the browser find the real duration; then rewind.
 */
function learnDuration(e: SyntheticEvent<HTMLAudioElement>) {
  const audio = e.currentTarget;
  if (Number.isFinite(audio.duration)) return;
  const rewind = () => {
    audio.removeEventListener('timeupdate', rewind);
    audio.currentTime = 0;
  };
  audio.addEventListener('timeupdate', rewind);
  audio.currentTime = 1e101;
}

/** The profile's recording: a plain audio player; a file that fails to load shows the spec's 'Audio Error' toast. */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  return (
    <audio
      key={src}
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      data-testid="profile-audio"
      className="w-full"
      onLoadedMetadata={learnDuration}
      onError={(e) => {
        console.error('Failed to load audio file:', src, e.currentTarget.error);
        toast({ id: 'profile-audio-error', title: PROFILE_TEXT.audioErrorTitle, description: PROFILE_TEXT.audioError, variant: 'destructive' });
      }}
    />
  );
}
