// ensureServices on the shared servers: it uses the Postgres and Redis already answering on their usual ports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureServices } from '../../scripts/lib/services';
import { query, withRedis } from '../helpers/services';

describe('ensureServices: shared servers', () => {
  it(
    'uses 127.0.0.1:5432 (database adx; through its Unix socket when it has one) and 127.0.0.1:6379 when they answer, starting nothing',
    async (ctx) => {
      const sharedPg = await query('postgres://postgres@127.0.0.1:5432/postgres', 'select 1').then(
        () => true,
        () => false,
      );
      const sharedRedis = await withRedis('redis://127.0.0.1:6379', (r) => r.ping()).then(
        () => true,
        () => false,
      );
      if (!sharedPg || !sharedRedis) ctx.skip('no trust-auth Postgres on 5432 or no Redis on 6379');
      const logs: string[] = [];
      const svc = await ensureServices({ dataDir: path.join(os.tmpdir(), 'svc-test-unused'), log: (m) => logs.push(m), env: {} });
      try {
        // Debian's server keeps its socket here; a query over it costs less CPU than over loopback TCP (docs/decisions/0003-burst-throughput.md).
        const socket = fs.existsSync('/var/run/postgresql/.s.PGSQL.5432');
        expect(svc.databaseUrl).toBe(socket ? 'postgres://postgres@127.0.0.1:5432/adx?host=%2Fvar%2Frun%2Fpostgresql' : 'postgres://postgres@127.0.0.1:5432/adx');
        expect(await query(svc.databaseUrl, 'select inet_server_addr() as addr')).toEqual([{ addr: socket ? null : '127.0.0.1' }]);
        expect(svc.redisUrl).toBe('redis://127.0.0.1:6379');
        expect(svc.started).toEqual([]);
        expect(logs).toContain(socket ? 'postgres: using 127.0.0.1:5432 over its Unix socket in /var/run/postgresql (database adx)' : 'postgres: using 127.0.0.1:5432 (database adx)');
        expect(logs).toContain('redis: using 127.0.0.1:6379');
        expect(fs.existsSync(path.join(os.tmpdir(), 'svc-test-unused'))).toBe(false);
      } finally {
        await svc.stop();
      }
    },
    30_000,
  );
});
