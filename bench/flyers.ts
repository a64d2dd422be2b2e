// Benchmark: weekly flyers.
//   (a) one flyer render (layout with the bundled fonts as glyph outlines, SVG template, sharp
//       SVG -> PNG 1080x1350; the day's fixed layer is rasterized once per process, as in the
//       worker, and the speaker's part drawn over it) against the peer, measured alternately in the same run: bare sharp
//       rendering a minimal SVG of the same size (the same background gradient and one line of
//       <text> in a system font) with the same PNG options. Target <= 1.5x the peer's median.
//       Also shown: sharp alone on the flyer's own finished SVG (what the template layer adds).
//   (b) three flyers end to end through the queue: the API's code path (requestFlyer: flyers row +
//       enqueue of flyer.render on the render queue) -> a real BullMQ worker (this process, the
//       production render concurrency of 1, then 2) -> PNG stored and the row ready. Each round is
//       a new profile version, so every flyer is really rendered. Target <= 300 ms for the three.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueueEvents } from 'bullmq';
import pino from 'pino';
import sharp from 'sharp';
import { SESSION_DAYS } from '@app/common/domain/flyer';
import { requestFlyer } from '@app/common/server/flyers.repository';
import { closeQueues, createQueues } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import { createDiskStorage } from '@app/common/server/storage/index';
import { handlers } from '../worker/src/handlers/index';
import { BRAND, PNG_OPTIONS } from '../worker/src/render/brand';
import { flyerSvg, renderFlyer, type FlyerInput } from '../worker/src/render/flyer';
import { startWorkers } from '../worker/src/workers';
import { benchDatabase } from './lib/database';
import { quantile, report } from './lib/harness';

const RENDERS = Number(process.env.BENCH_FLYER_RENDERS ?? 30);
const ROUNDS = Number(process.env.BENCH_FLYER_ROUNDS ?? 15);
const log = (m: string) => console.log(`[bench:flyers] ${m}`);
const ms = (v: number) => Math.round(v * 10) / 10;

const input: FlyerInput = {
  speakerName: 'amara_okafor',
  topic: 'Owning the corner store: how cooperatives keep money in the neighbourhood',
  day: 'Wednesday',
  avatarPng: null,
};
const PEER_SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350" viewBox="0 0 1080 1350">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${BRAND.ink800}"/><stop offset="0.55" stop-color="${BRAND.ink900}"/><stop offset="1" stop-color="${BRAND.ink950}"/></linearGradient></defs>
  <rect width="1080" height="1350" fill="url(#bg)"/>
  <text x="540" y="330" font-size="148" font-family="serif" font-weight="bold" text-anchor="middle" fill="${BRAND.gold500}">Wednesday</text>
</svg>`);

// (a) render vs bare sharp, alternating so both see the same machine load.
log(`(a) ${RENDERS} renders of each, alternating (after a warm-up)...`);
const finishedSvg = Buffer.from(flyerSvg(input));
for (let i = 0; i < 3; i++) {
  await renderFlyer(input);
  await sharp(PEER_SVG).png(PNG_OPTIONS).toBuffer();
  await sharp(finishedSvg).png(PNG_OPTIONS).toBuffer();
}
const times = { flyer: [] as number[], peer: [] as number[], same: [] as number[] };
for (let i = 0; i < RENDERS; i++) {
  let t = performance.now();
  await renderFlyer(input);
  times.flyer.push(performance.now() - t);
  t = performance.now();
  await sharp(PEER_SVG).png(PNG_OPTIONS).toBuffer();
  times.peer.push(performance.now() - t);
  t = performance.now();
  await sharp(finishedSvg).png(PNG_OPTIONS).toBuffer();
  times.same.push(performance.now() - t);
}
const med = (v: number[]) => quantile(v, 0.5);
const ratio = med(times.flyer) / med(times.peer);

// (b) three flyers end to end through the queue.
const { services, db, close } = await benchDatabase(`adx_bench_flyers_${process.pid}`, log, { fresh: true, poolMax: 4 });
const storageRoot = mkdtempSync(path.join(os.tmpdir(), 'adx-bench-flyers-'));
const redisPrefix = `bench-flyers-${process.pid}`;
const e2e: Record<number, number[]> = {};
try {
  const [speaker] = (await db('users')
    .insert({ discord_id: 'bench:flyers', discord_username: 'amara_okafor', speaker_topic: input.topic })
    .returning('id')) as Array<{ id: string }>;
  const speakerId = speaker!.id;
  const producer = createBullConnection(services.redisUrl);
  const queues = createQueues(producer, redisPrefix);
  const eventsConnection = createBullConnection(services.redisUrl);
  const events = new QueueEvents('render', { connection: eventsConnection, prefix: bullPrefix(redisPrefix) });
  await events.waitUntilReady();
  let version = Date.now();
  for (const concurrency of [1, 2]) {
    const workers = await startWorkers({
      db,
      redisUrl: services.redisUrl,
      redisPrefix,
      log: pino({ level: 'warn' }),
      handlers,
      storage: createDiskStorage({ root: storageRoot }),
      concurrency: { ledger: 1, recordings: 1, render: concurrency },
    });
    e2e[concurrency] = [];
    for (let round = -2; round < ROUNDS; round++) {
      // A new profile version: three new job ids, three real renders.
      await db('users').where({ id: speakerId }).update({ updated_at: new Date((version += 1000)) });
      const t = performance.now();
      const rows = await Promise.all(SESSION_DAYS.map((day) => requestFlyer(db, queues, { speakerId, day, requestedBy: null })));
      await Promise.all(rows.map(async (r) => (await queues.render.getJob(r.job_id))!.waitUntilFinished(events, 30_000)));
      const elapsed = performance.now() - t;
      const ready = await db('flyers').whereIn('job_id', rows.map((r) => r.job_id)).where({ status: 'ready' }).count({ n: '*' }).first();
      if (Number(ready?.n) !== 3) throw new Error(`round ${round}: ${String(ready?.n)} of 3 flyers ready`);
      if (round >= 0) e2e[concurrency]!.push(elapsed);
    }
    await workers.close();
  }
  await events.close();
  (await events.client).disconnect();
  // QueueEvents blocks on a duplicate of the connection it was given: the original is ours to close.
  eventsConnection.disconnect();
  await closeQueues(queues);
  producer.disconnect();
} finally {
  await db.destroy();
  rmSync(storageRoot, { recursive: true, force: true });
  await close();
}

const rows = [
  { scenario: 'peer: bare sharp, minimal SVG 1080x1350 -> PNG', 'p50 ms': ms(med(times.peer)), 'p90 ms': ms(quantile(times.peer, 0.9)), 'ratio vs peer': '1.00x' },
  { scenario: 'flyer render (layout + speaker layer over the cached day layer -> PNG)', 'p50 ms': ms(med(times.flyer)), 'p90 ms': ms(quantile(times.flyer, 0.9)), 'ratio vs peer': `${ratio.toFixed(2)}x` },
  { scenario: 'sharp alone on the finished flyer SVG', 'p50 ms': ms(med(times.same)), 'p90 ms': ms(quantile(times.same, 0.9)), 'ratio vs peer': `${(med(times.same) / med(times.peer)).toFixed(2)}x` },
  ...[1, 2].map((c) => ({
    scenario: `3 flyers end to end (enqueue -> worker -> stored), render concurrency ${c}`,
    'p50 ms': ms(med(e2e[c]!)),
    'p90 ms': ms(quantile(e2e[c]!, 0.9)),
    'ratio vs peer': `${(med(e2e[c]!) / med(times.peer)).toFixed(2)}x`,
  })),
];
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
report('flyers', rows, [
  `${RENDERS} renders of each image (alternating), ${ROUNDS} rounds of three flyers per concurrency; ${os.cpus().length} cores; load average ${load}.`,
  `Target: flyer render <= 1.5x the bare sharp peer -> ${ratio <= 1.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x); the template layer over sharp on its own SVG: ${(med(times.flyer) / med(times.same)).toFixed(2)}x.`,
  `Target: three flyers end to end <= 300 ms (p50, production concurrency 1) -> ${med(e2e[1]!) <= 300 ? 'met' : 'NOT met'} (${ms(med(e2e[1]!))} ms).`,
]);
