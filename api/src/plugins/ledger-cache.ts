import fp from 'fastify-plugin';
import { LedgerCache } from '@app/common/server/ledger/ledger-cache';

declare module 'fastify' {
  interface FastifyInstance {
    ledgerCache: LedgerCache;
  }
}

/** The per-process ledger cache, listening for ledger changes from start-up to close. */
export const ledgerCachePlugin = fp<{ url: string }>(
  async (app, opts) => {
    const cache = new LedgerCache(opts.url, app.log);
    await cache.start();
    app.decorate('ledgerCache', cache);
    app.addHook('onClose', async () => {
      await cache.stop();
    });
  },
  { name: 'ledger-cache' },
);
