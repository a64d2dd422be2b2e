import { spawnSync } from 'node:child_process';
import type { MediaContainer } from '@app/common/media-container';

const ENCODE: Record<MediaContainer, string[]> = {
  // What MediaRecorder writes: a live WebM (no Duration, no Cues) or a fragmented MP4 (moov first, then moof/mdat).
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-g', '15', '-c:a', 'libopus', '-live', '1', '-f', 'webm'],
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4'],
};

const cache = new Map<string, Buffer>();

/**
 * A real recording as a browser streams it (test pattern + tone, 320×180), made by ffmpeg: WebM
 * without duration or seek index, or fragmented MP4.
 */
export function liveRecording(container: MediaContainer, seconds: number, opts: { noisy?: boolean } = {}): Buffer {
  const id = `${container}:${seconds}:${opts.noisy}`;
  const hit = cache.get(id);
  if (hit) return hit;
  // noisy: 640×360 of noise at ~8 Mbit/s, for takes that must be large (S3 multipart) without being long.
  const video = opts.noisy ? ['testsrc=size=640x360:rate=15', '-vf', 'noise=alls=80:allf=t+u'] : ['testsrc=size=320x180:rate=15'];
  const rate = opts.noisy ? ['-b:v', '8M', '-minrate', '8M', '-maxrate', '8M'] : [];
  const args = ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', video[0]!, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds), ...video.slice(1), ...ENCODE[container], ...rate, 'pipe:1'];
  const r = spawnSync('ffmpeg', args, { maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`ffmpeg could not make a test recording: ${String(r.stderr)}`);
  cache.set(id, r.stdout);
  return r.stdout;
}

/** `bytes` cut into `count` pieces of about equal size, as MediaRecorder's timeslice chunks. */
export function splitChunks(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size))).filter((c) => c.length > 0);
}

/** A take's chunks: `seconds` of live recording in `count` chunks. */
export function mediaChunks(container: MediaContainer, count: number, seconds = 3): Buffer[] {
  return splitChunks(liveRecording(container, seconds), count);
}

/** What ffprobe reads from a file's header: its container and duration (null when it states none). */
export function probe(file: string): { formatName: string; duration: number | null } {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffprobe failed: ${r.stderr}`);
  const f = (JSON.parse(r.stdout) as { format: { format_name: string; duration?: string } }).format;
  return { formatName: f.format_name, duration: f.duration === undefined ? null : Number(f.duration) };
}

/**
 * Whether a file carries a seek index where players look for it: WebM Cues (element 1C 53 BB 6B), or an
 * MP4 whose `moov` (with the sample tables) comes before its media and which is not fragmented.
 */
export function hasSeekIndex(bytes: Buffer, container: MediaContainer): boolean {
  if (container === 'webm') return bytes.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]));
  const moov = bytes.indexOf('moov');
  const mdat = bytes.indexOf('mdat');
  return moov >= 0 && mdat > moov && !bytes.includes('moof') && bytes.includes('stco');
}
