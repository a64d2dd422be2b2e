/** The studio bench's long take and the finalize peers (programs on the same bytes, timed in the same run). */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, Queue } from 'bullmq';
import { STUDIO_MEDIA } from '@app/common/studio';

/**
 * A live WebM of `seconds` at the studio's bitrate, as MediaRecorder streams it: 10 s of 1280x720 noise
 * encoded once (VP8 realtime, Opus), then looped by ffmpeg without re-encoding into one live stream.
 */
export function liveTake(file: string, seconds: number): void {
  const seg = `${file}.seg.webm`;
  const kbps = `${Math.round(STUDIO_MEDIA.videoBitsPerSecond / 1000)}k`;
  const segS = Math.min(10, Math.max(1, seconds));
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(segS), '-vf', 'noise=alls=30:allf=t',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', kbps, '-minrate', kbps, '-maxrate', kbps, '-g', '60', '-c:a', 'libopus', '-b:a', '128k', '-f', 'webm', '-y', seg]);
  execFileSync('ffmpeg', ['-v', 'error', '-stream_loop', String(Math.ceil(seconds / segS) - 1), '-i', seg, '-t', String(seconds), '-map', '0', '-c', 'copy', '-live', '1', '-f', 'webm', '-y', file]);
  rmSync(seg, { force: true });
}

/** The wall-clock seconds of a command. */
export function timed(cmd: string, args: string[]): number {
  const t0 = performance.now();
  execFileSync(cmd, args, { stdio: 'ignore' });
  return (performance.now() - t0) / 1000;
}

/**
 * The finalize peers on `joined` (the take's chunks concatenated into one file), once each: `cp` of the file,
 * and `ffmpeg -c copy` remuxing it read from a pipe (as finalize feeds it) into a seekable file.
 */
export function finalizePeers(joined: string): { cpS: number; ffmpegS: number } {
  const cpS = timed('cp', [joined, `${joined}.copy`]);
  rmSync(`${joined}.copy`, { force: true });
  const ffmpegS = timed('sh', ['-c', `cat "${joined}" | ffmpeg -v error -nostdin -f webm -i pipe:0 -map 0 -c copy -f webm -y "${joined}.remux.webm"`]);
  rmSync(`${joined}.remux.webm`, { force: true });
  return { cpS, ffmpegS };
}

/** The take's recording.finalize job once the worker has finished it (polled, for up to 10 minutes); throws unless it completed. */
export async function finalizedJob(queue: Queue, recordingId: string): Promise<Job & { processedOn: number; finishedOn: number }> {
  let job = await queue.getJob(recordingId);
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && !job?.finishedOn) {
    await sleep(200);
    job = await queue.getJob(recordingId);
  }
  if (!job?.finishedOn || !job.processedOn) throw new Error('finalize did not finish in 10 minutes');
  const state = await job.getState();
  if (state !== 'completed') throw new Error(`finalize ${state}: ${job.failedReason}`);
  return job as Job & { processedOn: number; finishedOn: number };
}
