import fp from 'fastify-plugin';
import { SiteRevisionWatcher } from '@app/common/server/site/site-revision';

declare module 'fastify' {
  interface FastifyInstance {
    siteRevision: SiteRevisionWatcher;
  }
}

/** The content revision the public pages are rendered for, heard from Postgres from start-up to close. */
export const siteRevisionPlugin = fp<{ url: string; pollMs?: number }>(
  async (app, opts) => {
    const watcher = new SiteRevisionWatcher(opts.url, app.db, app.log, opts.pollMs);
    await watcher.start();
    app.decorate('siteRevision', watcher);
    app.addHook('onClose', async () => {
      await watcher.stop();
    });
  },
  { name: 'site-revision', dependencies: ['db'] },
);
