import { STUDIO_MEDIA } from '@app/common/studio';

/** The first of STUDIO_MEDIA's types this browser records (VP9, else VP8, else plain WebM); null when none. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  for (const type of STUDIO_MEDIA.mimeTypes) if (isTypeSupported(type)) return type;
  return null;
}

type Ideal = { ideal: number };

/** getUserMedia constraints of the studio (members-site §9): 1280×720 at 30 fps ideally, stereo 48 kHz audio. */
export function studioConstraints(): { video: { width: Ideal; height: Ideal; frameRate: Ideal }; audio: { channelCount: Ideal; sampleRate: Ideal } } {
  return {
    video: { width: { ...STUDIO_MEDIA.video.width }, height: { ...STUDIO_MEDIA.video.height }, frameRate: { ...STUDIO_MEDIA.video.frameRate } },
    audio: { channelCount: { ideal: STUDIO_MEDIA.audio.channelCount }, sampleRate: { ideal: STUDIO_MEDIA.audio.sampleRate } },
  };
}

/** MediaRecorder options for `mimeType` with the studio's bit rates. */
export function recorderOptions(mimeType: string): { mimeType: string; videoBitsPerSecond: number; audioBitsPerSecond: number } {
  return { mimeType, videoBitsPerSecond: STUDIO_MEDIA.videoBitsPerSecond, audioBitsPerSecond: STUDIO_MEDIA.audioBitsPerSecond };
}

/** Seconds as m:ss, or h:mm:ss from one hour on. */
export function formatClock(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Bytes as a short human figure (KB / MB / GB, base 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`;
}
