import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startTestApp } from '../helpers/app';

/**
 * A Redis that refuses (resets) connections, then accepts them and never answers: the app's producer connection has
 * seen an error and has a connection attempt in flight when the app closes. Ending that attempt settles BullMQ's first
 * wait for Redis with the earlier error, after the queues are closed.
 */
async function refusingThenSilentRedis(port: number) {
  let silent = false;
  const held: net.Socket[] = [];
  const server = net.createServer((socket) => {
    if (silent) held.push(socket);
    else socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    held,
    goSilent: () => {
      silent = true;
    },
    close: async () => {
      for (const s of held) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('closing the app while Redis has never answered', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
  });

  it('leaves no unhandled rejection behind when a connection attempt is in flight', async () => {
    process.on('unhandledRejection', onRejection);
    const port = await freePort();
    const redis = await refusingThenSilentRedis(port);
    try {
      const t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
      redis.goSilent();
      // Both of the app's clients (requests, producers) retry within 2 s and then wait on a silent server.
      for (let i = 0; i < 100 && redis.held.length < 2; i++) await delay(50);
      expect(redis.held.length).toBeGreaterThanOrEqual(2);
      await t.close();
    } finally {
      await redis.close();
    }
    await delay(300);
    expect(rejections.map((r) => (r instanceof Error ? r.message : String(r)))).toEqual([]);
  });
});
