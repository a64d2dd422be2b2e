import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MediaContainer } from '../../media-container';

/**
 * Remuxing with Debian's ffmpeg (installed by scripts/lib/ffmpeg.ts): MediaRecorder writes a live
 * stream with no duration and no seek index, and only a second pass over the finished stream can add
 * them. `-c copy` rewrites the container around the same encoded packets (WebM gets its Duration and
 * Cues, MP4 a fast-start `moov` with the sample index), at the speed of the disk.
 */

/** A recording that could not be remuxed (corrupt or truncated input, or ffmpeg missing). */
export class RemuxError extends Error {
  override name = 'RemuxError';
  /** True when the recording itself is at fault (retrying cannot help); false when ffmpeg is missing. */
  constructor(message: string, readonly permanent = true) {
    super(message);
  }
}

const OUTPUT_ARGS: Record<MediaContainer, string[]> = {
  webm: ['-f', 'webm'],
  // faststart moves the index before the media, so a player seeks without reading to the end first.
  mp4: ['-movflags', '+faststart', '-f', 'mp4'],
};

/** Runs a program, feeding `stdin` when given; resolves with its exit code, stderr and the last 8 KB of stdout. */
function run(cmd: string, args: string[], stdin?: Readable): Promise<{ code: number; stderr: string; stdoutTail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdoutTail = '';
    let inputError: Error | undefined;
    child.stderr?.setEncoding('utf8').on('data', (s: string) => {
      if (stderr.length < 8_000) stderr += s;
    });
    child.stdout?.setEncoding('utf8').on('data', (s: string) => {
      stdoutTail = (stdoutTail + s).slice(-8_000);
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new RemuxError(`${cmd} is not installed (npm start and npm test install it; or apt-get install ffmpeg)`, false) : err),
    );
    child.on('close', (code) => (inputError ? reject(inputError) : resolve({ code: code ?? 1, stderr, stdoutTail })));
    if (stdin && child.stdin) {
      // ffmpeg stops reading when it gives up on the input: its exit code tells why, not the EPIPE.
      child.stdin.on('error', () => undefined);
      stdin.on('error', (err) => {
        inputError = err;
        child.kill('SIGKILL');
      });
      stdin.pipe(child.stdin);
    }
  });
}

/**
 * A WebM whose recorder never stopped (the tab crashed, or the page closed mid-take) ends inside its
 * last Cluster, whose declared size runs past the end: every packet in it is whole, and ffmpeg keeps
 * them all. Only this line is forgiven; a packet cut in half also logs 'corrupt input packet'.
 */
const ENDED_EARLY = /File ended prematurely/;

/**
 * The output's duration from ffmpeg's final `-progress` report: `out_time_us` of the block that ends with
 * `progress=end`, the end time of what it wrote (the same figure the file's header then states, to a few
 * ms). Null when there is no final report or it states no time.
 */
export function progressDuration(progress: string): number | null {
  const end = progress.lastIndexOf('progress=end');
  if (end < 0) return null;
  // The final block: what follows the block before it (each ends with a progress= line).
  const block = progress.slice(progress.lastIndexOf('progress=', end - 1) + 1, end);
  const matches = [...block.matchAll(/^out_time_us=(-?\d+)$/gm)];
  const us = Number(matches.at(-1)?.[1]);
  return Number.isFinite(us) && us > 0 ? us / 1e6 : null;
}

/**
 * The ffmpeg input that reads `files` one after the other as one byte stream (its `concatf` protocol: a list
 * file, one path a line), so ffmpeg reads them from the page cache itself instead of through a pipe fed by
 * Node. The list is written to `listPath`; the paths must hold no line break (storage keys cannot).
 */
export async function concatInput(files: readonly string[], listPath: string): Promise<string> {
  await writeFile(listPath, files.map((f) => `file:${f}`).join('\n'));
  return `concatf:${listPath}`;
}

/**
 * Remuxes `input` (a whole recording in `container`: a stream, or an ffmpeg input such as
 * {@link concatInput}'s) into a seekable file at `outPath`
 * without re-encoding, and answers the duration of the result (seconds, or null when ffmpeg states none):
 * ffmpeg's own final progress report gives it, so no probe reads the file again. Fails with a RemuxError
 * naming what ffmpeg found when the input is not a whole, readable recording: any error-level message
 * counts (ffmpeg would otherwise pass a corrupt packet and exit 0), except a stream that merely stops
 * after a whole packet (ENDED_EARLY).
 */
export async function remuxToFile(input: Readable | string, container: MediaContainer, outPath: string): Promise<{ durationSeconds: number | null }> {
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-f', container === 'webm' ? 'webm' : 'mp4', '-i', typeof input === 'string' ? input : 'pipe:0', '-map', '0', '-c', 'copy', ...OUTPUT_ARGS[container], '-progress', 'pipe:1', '-nostats', '-y', outPath];
  const { code, stderr, stdoutTail } = await run('ffmpeg', args, typeof input === 'string' ? undefined : input);
  const problem = stderr
    .split('\n')
    .filter((line) => line.trim() && !ENDED_EARLY.test(line))
    .join('\n');
  if (code !== 0 || problem) throw new RemuxError(`the recording could not be remuxed: ${stderr.trim().split('\n').slice(0, 3).join('; ') || `ffmpeg exited with ${code}`}`);
  return { durationSeconds: progressDuration(stdoutTail) };
}

/** A private scratch folder (under `parent`, default the system's temp folder), removed after `fn` (whatever it did). */
export async function withScratchDir<T>(fn: (dir: string) => Promise<T>, parent = os.tmpdir()): Promise<T> {
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, 'adx-remux-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Remuxes a small recording held in memory (profile audio): the seekable bytes. */
export async function remuxBuffer(bytes: Buffer, container: MediaContainer): Promise<Buffer> {
  return withScratchDir(async (dir) => {
    const out = path.join(dir, `out.${container}`);
    await remuxToFile(Readable.from([bytes]), container, out);
    return readFile(out);
  });
}

