import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@app/common/jobs';
import { enqueue } from '@app/common/server/queues';
import { studioIngestBytes, studioIngestSockets } from '@app/common/server/metrics';
import { startTestApp, type TestApp } from '../helpers/app';
import { startFakeS3 } from '../helpers/s3';
import { anonymous, signInAs } from '../helpers/session';
import { eventually, startTestWorker } from '../helpers/worker';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

describe('queue dashboard (/admin/queues)', () => {
  it('refuses anonymous (401) and members (403) on the server, page and API alike', async () => {
    const anon = anonymous(t.app);
    expect((await anon.request('GET', '/admin/queues')).statusCode).toBe(401);
    const member = await signInAs(t.app, t.database.db, 'dash_member');
    for (const url of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/js/main.4c9f061c66.js']) {
      const res = await member.request('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Forbidden', message: 'Admin access required' });
    }
    const logged = await t.database.db('security_audit_logs').where({ user_id: member.userId, event_type: 'admin_access_refused' });
    expect(logged.length).toBeGreaterThan(0);
  });

  it('shows an admin every queue', async () => {
    const admin = await signInAs(t.app, t.database.db, 'dash_admin', { admin: true });
    const page = await admin.request('GET', '/admin/queues');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<base href="/admin/queues/"');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await admin.request('GET', '/admin/queues/api/queues?activeQueue=ledger&status=latest&page=1&jobsPerPage=10');
    expect(api.statusCode).toBe(200);
    const names = (api.json() as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual([...QUEUE_NAMES].sort());
    // Its polling does not spend the admin's api_call budget (60 a minute), which the app's pages need.
    for (let i = 0; i < 70; i++) expect((await admin.request('GET', '/admin/queues/api/queues?activeQueue=ledger&status=latest&page=1&jobsPerPage=10')).statusCode).toBe(200);
    expect((await admin.request('GET', '/api/me/privacy')).statusCode).toBe(200);
  });

  it('takes writes from our own pages only (Origin), since its UI cannot send our CSRF token', async () => {
    const admin = await signInAs(t.app, t.database.db, 'dash_writer', { admin: true });
    admin.csrf = null;
    const foreign = await admin.request('PUT', '/admin/queues/api/queues/render/pause', undefined, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const none = await admin.request('PUT', '/admin/queues/api/queues/render/pause');
    expect(none.statusCode).toBe(403);
    const ours = await admin.request('PUT', '/admin/queues/api/queues/render/pause', undefined, { origin: t.config.publicUrl });
    expect(ours.statusCode).toBe(200);
    expect(await t.app.queues.render.isPaused()).toBe(true);
    await t.app.queues.render.resume();
  });
});

describe('metrics (/metrics)', () => {
  it('is 401 without the token or with a wrong one', async () => {
    const none = await t.app.inject('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'Unauthorized' });
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  it('reports request durations by route pattern, queue counts, job durations, sockets and studio ingest', { timeout: 60_000 }, async () => {
    const worker = await startTestWorker(t.database.db, t.config.REDIS_PREFIX);
    try {
      await t.app.inject('/api/profiles/nobody-here?secret=raw');
      await t.app.inject('/no/such/path/12345');
      await enqueue(t.app.queues, 'ledger.verify-totals', {});
      studioIngestBytes.inc(1234);
      studioIngestSockets.inc();
      const scrape = async () => {
        const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        return res.body;
      };
      await eventually(async () => /bullmq_job_duration_seconds_count\{queue="ledger",status="completed"\} [1-9]/.test(await scrape()), 30_000, 'the job duration in /metrics');
      const text = await scrape();
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/profiles\/:username",status_code="\d{3}"\} 1/);
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="\d{3}"\} 1/);
      expect(text).not.toContain('secret=raw');
      // No label carries the unmatched path; a sample's value may well hold the digits (an event-loop lag of 0.012345 s).
      expect(text).not.toMatch(/="[^"]*12345/);
      for (const q of QUEUE_NAMES) expect(text).toMatch(new RegExp(`bullmq_queue_jobs\\{queue="${q}",state="waiting"\\} \\d+`));
      expect(text).toMatch(/socketio_connections 0/);
      expect(text).toMatch(/studio_ingest_bytes_total \d+/);
      expect(text).toMatch(/studio_ingest_sockets [1-9]/);
      expect(text).toMatch(/process_cpu_user_seconds_total/);
    } finally {
      studioIngestSockets.dec();
      await worker.close();
    }
  });

  it('is open in development without a token, and disabled with a clear 503 in production', async () => {
    const dev = await startTestApp();
    try {
      expect((await dev.app.inject('/metrics')).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
    const prod = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://example.org' } });
    try {
      const res = await prod.app.inject('/metrics');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/METRICS_TOKEN/);
    } finally {
      await prod.close();
    }
  });
});

describe('readiness', () => {
  it('reports Postgres, Redis and object storage', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { postgres: { ok: true }, redis: { ok: true }, storage: { ok: true } } });
  });

  it('turns red with the reason when object storage stops answering', async () => {
    const s3 = await startFakeS3();
    const app = await startTestApp({ env: s3.env });
    try {
      expect((await app.app.inject('/readyz')).json().checks.storage).toMatchObject({ ok: true });
      await s3.close();
      const res = await app.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.storage.ok).toBe(false);
      expect(res.json().checks.storage.error).toMatch(/^storage: /);
    } finally {
      await app.close();
    }
  });
});
