import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createDb } from '@app/common/server/db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Knex;
  }
}

/** Postgres through knex; the pool is destroyed when the app closes. */
export const dbPlugin = fp<{ url: string; poolMax: number }>(
  async (app, opts) => {
    const db = createDb(opts.url, { poolMax: opts.poolMax });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db' },
);
