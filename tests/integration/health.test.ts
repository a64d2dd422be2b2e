import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

describe('health', () => {
  let up: TestApp;
  let noRedis: TestApp;
  beforeAll(async () => {
    up = await startTestApp();
    // A Redis URL where nothing listens: the app must still start and say why it is not ready.
    noRedis = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await up.close();
    await noRedis.close();
  });

  it('is live and ready when Postgres and Redis answer', async () => {
    expect((await up.app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
    const ready = await up.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { postgres: { ok: true }, redis: { ok: true } } });
  });

  it('turns /readyz red with the reason while /healthz stays green when Redis is gone', async () => {
    expect((await noRedis.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await noRedis.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    const body = ready.json() as { status: string; checks: { postgres: { ok: boolean }; redis: { ok: boolean; error: string } } };
    expect(body.status).toBe('unavailable');
    expect(body.checks.postgres.ok).toBe(true);
    expect(body.checks.redis.ok).toBe(false);
    expect(body.checks.redis.error).toMatch(/^redis: /);
  });
});

describe('readiness follows Redis going away and coming back', () => {
  it('goes red when the Redis it was using stops, and green again when it returns', async () => {
    const { spawn } = await import('node:child_process');
    const net = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const startRedis = () => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const waitReady = async (t: TestApp, status: number) => {
      for (let i = 0; i < 50; i++) {
        if ((await t.app.inject('/readyz')).statusCode === status) return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    };
    let redis = startRedis();
    const t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      expect(await waitReady(t, 200)).toBe(true);
      redis.kill('SIGKILL');
      expect(await waitReady(t, 503)).toBe(true);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      redis = startRedis();
      expect(await waitReady(t, 200)).toBe(true);
    } finally {
      redis.kill('SIGKILL');
      await t.close();
    }
  });
});

describe('browser security headers', () => {
  it('sends JSON with a CSP that lets nothing load or run, nosniff and frame-ancestors none; HSTS only in production', async () => {
    const dev = await startTestApp();
    const prod = await startTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await dev.app.inject('/api/ledger/summary');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const p = await prod.app.inject('/api/ledger/summary');
      expect(p.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});
