// Benchmark: the live studio, with the real API and worker processes.
//   (a) N simulated speakers, each streaming 2.63 Mbit/s (the studio's 2.5 Mbit/s video + 128 kbit/s
//       audio) as one ~330 KB chunk per second over its own loopback WebSocket, for BENCH_STUDIO_SECONDS.
//       Measured: ack latency (frame sent -> its ack received: the chunk is on disk and in Postgres),
//       loss (chunks never acked, or acked but missing from recording_chunks), sockets closed under us.
//       N steps up (BENCH_STUDIO_STEPS, default 25,50,100,150); reported: the largest N with ack
//       p99 <= 250 ms and zero loss. Target >= 100. Each step first drives the floor peer
//       (bench/peers/studio-floor.ts: bare ws + bufferutil that hashes, appends to a file and acks) with
//       the same load; the API's CPU per chunk is reported beside the floor's (target <= 2x).
//   (b) recording.finalize of a BENCH_STUDIO_TAKE_MINUTES (default 15) minute take (~300 MB of chunk
//       files, disk driver) of real VP8/Opus WebM as MediaRecorder streams it (no duration, no Cues;
//       a 10 s encode looped without re-encoding), remuxed into one seekable object, timed by BullMQ
//       (processedOn -> finishedOn: the whole job, chunk checks, remux, sha256s, store, DB transaction
//       and chunk deletion), against the peers measured in the same run on the same bytes: `cp` of one
//       file holding them, and `ffmpeg -c copy` remuxing that file read from a pipe. BENCH_STUDIO_TAKES (3)
//       takes are finalized one after the other, the peers timed between them; each side is the median of
//       its runs. Targets: finalizing the file (remux, store with sha256) <= 1.5x the ffmpeg remux; the whole
//       job <= 2x it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { createBullConnection, bullPrefix } from '@app/common/server/redis';
import { STUDIO_MEDIA } from '@app/common/studio';
import { ensureFfmpeg } from '../scripts/lib/ffmpeg';
import { DATA_DIR, ROOT } from '../scripts/lib/paths';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../scripts/lib/node-flags';
import { startProcess, waitForHttp, type Managed } from '../scripts/lib/proc';
import { processTree } from './lib/cpu';
import { benchDatabase } from './lib/database';
import { freePort, quantile, report } from './lib/harness';
import { connect, finishTake, startSpeakers, streamTake } from './lib/studio-speakers';
import { streamChunks } from './lib/studio-load';
import { finalizedJob, finalizePeers, liveTake, timed } from './lib/studio-take';
import { deleteRedisPrefixes } from './lib/redis-keys';

const STEPS = (process.env.BENCH_STUDIO_STEPS ?? '25,50,100,150').split(',').map(Number).filter((n) => n > 0);
const STEP_S = Number(process.env.BENCH_STUDIO_SECONDS ?? 20);
const TAKE_MINUTES = Number(process.env.BENCH_STUDIO_TAKE_MINUTES ?? 15);
/** How many takes are finalized one after the other (the figures are their medians). */
const TAKES = Math.max(1, Number(process.env.BENCH_STUDIO_TAKES ?? 3));
const BITS_PER_S = STUDIO_MEDIA.videoBitsPerSecond + STUDIO_MEDIA.audioBitsPerSecond; // 2.628 Mbit/s
const CHUNK_BYTES = Math.round((BITS_PER_S / 8) * (STUDIO_MEDIA.timesliceMs / 1000)); // ~328.5 KB
const P99_TARGET_MS = 250;
const log = (m: string) => console.log(`[bench:studio] ${m}`);
const FINALIZE_VS_FFMPEG = 1.5;
const JOB_VS_FFMPEG = 2;
const CPU_VS_FLOOR = 2;

await ensureFfmpeg(log);

// A fresh database every run: the figures must not depend on what an earlier run left behind.
// BENCH_STUDIO_DB names another database, so that two checkouts can run this bench at once.
const { services, url: benchUrl, db, close } = await benchDatabase(process.env.BENCH_STUDIO_DB ?? 'adx_bench_studio', log, { fresh: true, poolMax: 4 });

const storageRoot = path.join(DATA_DIR, 'bench-studio-storage');
const scratch = path.join(DATA_DIR, 'bench-studio-scratch');
rmSync(storageRoot, { recursive: true, force: true });
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const prefix = `bench_studio_${randomBytes(3).toString('hex')}`;
const apiPort = await freePort();
const apiBase = `http://127.0.0.1:${apiPort}`;
const common = {
  DATABASE_URL: benchUrl,
  REDIS_URL: services.redisUrl,
  REDIS_PREFIX: prefix,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  STORAGE_DRIVER: 'disk',
  STORAGE_DISK_ROOT: storageRoot,
};
// BENCH_CPU_PROF=<dir>: the API, the worker and the floor peer write V8 CPU profiles there when they exit.
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const runNode = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
  startProcess(name, process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...args], { cwd: ROOT, env });
// The API and the worker run as production runs them: the esbuild bundles, on plain Node, with the API's flags.
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
const api = runNode('api', [...API_NODE_FLAGS, 'api/dist/server.js'], { ...process.env, ...common, PORT: String(apiPort), PUBLIC_URL: apiBase, WEB_DIST: '/nonexistent' });
let worker: Managed | undefined;
const apiPids = () => processTree(api.child.pid!);

const floorPort = await freePort();
const floor = runNode('floor', ['--import', 'tsx', 'bench/peers/studio-floor.ts'], { ...process.env, PORT: String(floorPort), FLOOR_DIR: path.join(scratch, 'floor') });
const floorBase = `http://127.0.0.1:${floorPort}`;
const floorPids = () => processTree(floor.child.pid!);

/** One step: n speakers streaming for STEP_S seconds to the floor peer, then the same to the API. */
async function step(n: number) {
  log(`(a) ${n} speakers x ${STEP_S} s at ${(BITS_PER_S / 1e6).toFixed(2)} Mbit/s each (${((n * CHUNK_BYTES) / 1e6).toFixed(1)} MB/s in total), floor peer then API...`);
  const floorConns = Array.from({ length: n }, (_, i) => connect(floorBase, { sessionId: '', cookie: '', recordingId: String(i) }));
  await Promise.all(floorConns.map((c) => c.hello));
  const fl = await streamChunks(floorConns, STEP_S, CHUNK_BYTES, floorPids);
  rmSync(path.join(scratch, 'floor'), { recursive: true, force: true });
  mkdirSync(path.join(scratch, 'floor'), { recursive: true });
  log(`    floor: acked ${fl.acked}/${fl.sent}, p50 ${fl.p50.toFixed(1)} ms, p99 ${fl.p99.toFixed(1)} ms, CPU ${fl.msPerChunk.toFixed(2)} ms/chunk`);

  const sps = await startSpeakers(db, apiBase, n);
  const conns = sps.map((sp) => connect(apiBase, sp));
  await Promise.all(conns.map((c) => c.hello));
  const r = await streamChunks(conns, STEP_S, CHUNK_BYTES, apiPids);
  const stored = Number(((await db('recording_chunks').whereIn('recording_id', sps.map((s) => s.recordingId)).count({ n: '*' }).first()) as { n: string }).n);
  const lost = r.sent - Math.min(r.acked, stored);
  const ok = r.p99 <= P99_TARGET_MS && lost === 0 && r.unexpected === 0 && r.sent === n * STEP_S;
  log(`    API: sent ${r.sent}, acked ${r.acked}, stored ${stored}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, CPU ${r.msPerChunk.toFixed(2)} ms/chunk (${(r.msPerChunk / fl.msPerChunk).toFixed(2)}x floor)`);
  // Clean up so each step starts from the same state (and the disk does not fill).
  await db('recordings').whereIn('id', sps.map((s) => s.recordingId)).delete();
  rmSync(path.join(storageRoot, 'speaker-recordings'), { recursive: true, force: true });
  rmSync(path.join(storageRoot, '.meta', 'speaker-recordings'), { recursive: true, force: true });
  return { ...r, n, stored, lost, ok, floor: fl, load: os.loadavg()[0]! };
}

try {
  await waitForHttp(`${apiBase}/readyz`, 60_000);
  // Warm-up: JIT, connection pools, the storage folders.
  await step(5);

  const results = [];
  for (const n of STEPS) results.push(await step(n));

  // ---- (b) finalize TAKES takes of TAKE_MINUTES vs cp and ffmpeg -------------------------------
  const takeFile = path.join(scratch, 'take.webm');
  liveTake(takeFile, Math.round(TAKE_MINUTES * 60));
  const take = readFileSync(takeFile);
  rmSync(takeFile);
  const chunks = Math.ceil(take.length / CHUNK_BYTES);
  const totalBytes = take.length;
  /** Streams the take in as a new recording of a new session; answers the speaker and the seconds it took. */
  const ingestTake = () => streamTake(db, apiBase, take, CHUNK_BYTES, log);
  const connection = createBullConnection(services.redisUrl);
  const queue = new Queue('recordings', { connection, prefix: bullPrefix(prefix) });
  /** Asks for the take's finalize and waits for the worker's job; answers its times (BullMQ's and the job's own). */
  const finalizeTake = async (sp: { sessionId: string; recordingId: string; cookie: string }) => {
    await finishTake(apiBase, sp, chunks);
    log('    finalizing with the worker...');
    worker ??= runNode('worker', [...WORKER_NODE_FLAGS, 'worker/dist/main.js'], { ...process.env, ...common });
    const job = await finalizedJob(queue, sp.recordingId);
    const rec = (await db('recordings').where({ id: sp.recordingId }).first()) as { size_bytes: string; source_size_bytes: string; object_key: string; duration_seconds: number };
    const objectFile = path.join(storageRoot, ...rec.object_key.split('/'));
    if (Number(rec.source_size_bytes) !== totalBytes || statSync(objectFile).size !== Number(rec.size_bytes)) throw new Error('finalized object has the wrong size');
    rmSync(objectFile); // checked; the next take should not find the disk fuller
    const times = job.returnvalue as { remuxMs: number; uploadMs: number; assembleMs: number; completedMs: number; cleanupMs: number };
    const finalizeS = (job.finishedOn - job.processedOn) / 1000;
    log(`    finalized in ${finalizeS.toFixed(2)} s (the file ${(times.assembleMs / 1000).toFixed(2)} s)`);
    return { finalizeS, durationSeconds: rec.duration_seconds, ...times };
  };

  // The peers run on the first take's chunk files, concatenated: cat of them in seq order into one file, then cp of
  // that file and ffmpeg remuxing it. They are timed before each finalize and once after the last (their speed swings
  // with what else the shared disk is doing), and finalize runs TAKES times: each side is the median of its runs, so
  // that one slow run of either does not decide the ratio; every run is reported.
  const cpRuns: number[] = [];
  const ffmpegRuns: number[] = [];
  const peersOnce = (joined: string) => {
    const p = finalizePeers(joined);
    cpRuns.push(p.cpS);
    ffmpegRuns.push(p.ffmpegS);
  };
  const joined = path.join(scratch, 'joined.webm');
  let catS = 0;
  let ingestS = 0;
  const finals: Array<Awaited<ReturnType<typeof finalizeTake>>> = [];
  for (let t = 0; t < TAKES; t++) {
    log(`(b) take ${t + 1} of ${TAKES}, ${TAKE_MINUTES} minutes: ${chunks} chunks of ${CHUNK_BYTES} B (${(totalBytes / 1e6).toFixed(0)} MB) streamed in...`);
    const { sp, ingestS: s } = await ingestTake();
    if (t === 0) {
      ingestS = s;
      const chunkDir = path.join(storageRoot, 'speaker-recordings', sp.sessionId, 'chunks', sp.recordingId);
      catS = timed('sh', ['-c', `cat "${chunkDir}"/*.part > "${joined}"`]);
      if (statSync(joined).size !== totalBytes) throw new Error('cat produced the wrong size');
    }
    peersOnce(joined);
    finals.push(await finalizeTake(sp));
  }
  peersOnce(joined);
  await queue.close();
  connection.disconnect();
  rmSync(scratch, { recursive: true, force: true });
  const cpS = quantile(cpRuns, 0.5);
  const ffmpegS = quantile(ffmpegRuns, 0.5);
  const median = (k: keyof (typeof finals)[number]) => quantile(finals.map((f) => f[k]), 0.5);
  const finalizeS = median('finalizeS');
  const assembleS = median('assembleMs') / 1000;
  const [remuxMs, uploadMs, completedMs, cleanupMs] = [median('remuxMs'), median('uploadMs'), median('completedMs'), median('cleanupMs')];
  const runsOf = (k: 'finalizeS' | 'assembleMs', scale: number) => finals.map((f) => (f[k] / scale).toFixed(2)).join(' / ');

  // ---- report -------------------------------------------------------------------------------------
  const best = results.filter((r) => r.ok).reduce((m, r) => Math.max(m, r.n), 0);
  const mbps = (s: number) => (totalBytes / 1e6 / s).toFixed(0);
  const rows: Array<Record<string, string | number>> = [
    ...results.map((r) => ({
      scenario: `${r.n} speakers x ${STEP_S} s, 1 chunk/s of ${(CHUNK_BYTES / 1000).toFixed(0)} KB each`,
      'ack p50 ms': r.p50.toFixed(1),
      'ack p99 ms': r.p99.toFixed(1),
      'sent / acked / stored': `${r.sent} / ${r.acked} / ${r.stored}`,
      'lost / closed': `${r.lost} / ${r.unexpected}`,
      'API CPU %': `${r.cpuPct.toFixed(0)} (${r.msPerChunk.toFixed(2)} ms/chunk; floor ${r.floor.msPerChunk.toFixed(2)} = ${(r.msPerChunk / r.floor.msPerChunk).toFixed(2)}x, target <= ${CPU_VS_FLOOR}x); bench ${r.benchCpuPct.toFixed(0)}; load ${r.load.toFixed(1)}`,
      result: `${r.ok ? 'p99 <= 250 ms, no loss' : 'FAILS'} (floor p50 / p99 ${r.floor.p50.toFixed(1)} / ${r.floor.p99.toFixed(1)} ms, acked ${r.floor.acked} / ${r.floor.sent})`,
    })),
    { scenario: `largest N with ack p99 <= ${P99_TARGET_MS} ms and zero loss`, 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': '', 'lost / closed': '', 'API CPU %': '', result: `${best} (target >= 100: ${best >= 100 ? 'met' : 'NOT met'})` },
    { scenario: `peer: cp of one ${(totalBytes / 1e6).toFixed(0)} MB file (median of ${cpRuns.length}: ${cpRuns.map((r) => r.toFixed(2)).join(' / ')} s)`, 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${cpS.toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${mbps(cpS)} MB/s` },
    { scenario: `peer: ffmpeg -c copy remux of that file from a pipe (median of ${ffmpegRuns.length}: ${ffmpegRuns.map((r) => r.toFixed(2)).join(' / ')} s)`, 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${ffmpegS.toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${mbps(ffmpegS)} MB/s` },
    { scenario: `cat of the ${chunks} chunk files in order into one file`, 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${catS.toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${mbps(catS)} MB/s` },
    {
      scenario: `recording.finalize of the ${TAKE_MINUTES}-minute take (whole job, median of ${finals.length}: ${runsOf('finalizeS', 1)} s; file states ${finals[0]!.durationSeconds} s)`,
      'ack p50 ms': '',
      'ack p99 ms': '',
      'sent / acked / stored': `${finalizeS.toFixed(2)} s`,
      'lost / closed': '',
      'API CPU %': '',
      result: `${(finalizeS / ffmpegS).toFixed(2)}x ffmpeg, ${(finalizeS / cpS).toFixed(2)}x cp (target whole job <= ${JOB_VS_FFMPEG}x ffmpeg: ${finalizeS <= JOB_VS_FFMPEG * ffmpegS ? 'met' : 'NOT met'})`,
    },
    {
      scenario: `  of which finalizing the file (remux from the chunks with its duration, store with sha256; median of ${runsOf('assembleMs', 1000)} s)`,
      'ack p50 ms': '',
      'ack p99 ms': '',
      'sent / acked / stored': `${assembleS.toFixed(2)} s`,
      'lost / closed': '',
      'API CPU %': '',
      result: `${(assembleS / ffmpegS).toFixed(2)}x ffmpeg (target <= ${FINALIZE_VS_FFMPEG}x: ${assembleS <= FINALIZE_VS_FFMPEG * ffmpegS ? 'met' : 'NOT met'})`,
    },
    { scenario: '    the remux alone (chunks read in order, piped through ffmpeg -c copy)', 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${(remuxMs / 1000).toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${(remuxMs / 1000 / ffmpegS).toFixed(2)}x ffmpeg` },
    { scenario: '    storing the remuxed file alone (sha256 while it is renamed into place)', 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${(uploadMs / 1000).toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${(uploadMs / 1000 / cpS).toFixed(2)}x cp` },
    { scenario: '  job start -> session completed (committed); then chunk clean-up', 'ack p50 ms': '', 'ack p99 ms': '', 'sent / acked / stored': `${(completedMs / 1000).toFixed(2)} s; ${(cleanupMs / 1000).toFixed(2)} s`, 'lost / closed': '', 'API CPU %': '', result: `${(completedMs / 1000 / ffmpegS).toFixed(2)}x ffmpeg` },
  ];
  report('studio', rows, [
    `${os.cpus().length} cores shared by the bench process (all simulated speakers: WebSocket framing and masking), the API, the worker, Postgres and Redis; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
    `(a) ack latency = frame sent -> ack received, i.e. the chunk written to disk storage and its row committed. Each step uses fresh sessions and takes; a 5-speaker warm-up ran first.`,
    `(b) the first take was ingested over one socket in ${ingestS.toFixed(1)} s; each take is a new session's; finalize timed by BullMQ (processedOn -> finishedOn) includes per-chunk size checks, the remux with the chunks' sha256 (ffmpeg's report gives the duration), the result's sha256 while it is renamed into place, the DB transaction and, after it, deleting ${chunks} chunk files and rows. The chunk files were written moments before the peers and finalize read them (page cache warm for all).`,
  ]);
  if (best < Math.min(...STEPS)) process.exitCode = 1;
} finally {
  await Promise.all([api.stop(), floor.stop(), worker?.stop()]);
  await db.destroy();
  await deleteRedisPrefixes(services.redisUrl, [prefix]);
  rmSync(storageRoot, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  await close();
}
