import { studioCookieName } from '../../plugins/access';
import type { ApiModule } from '../module';
import { ingestPlugin } from './ingest';
import { storageSettings } from './ingest-ipc';
import { studioRoutes } from './routes';

/** The speaker studio: /api/studio's takes, and the ingest WebSocket that carries their chunks. */
export const studioModule: ApiModule = async (app, { config, production }) => {
  await app.register(studioRoutes);
  await app.register(ingestPlugin, {
    publicUrl: config.publicUrl,
    cookieName: studioCookieName(production),
    credentialRecheckMs: config.STUDIO_CREDENTIAL_RECHECK_MS,
    databaseUrl: config.DATABASE_URL,
    // Its own pool: one statement per batch of chunks, plus the credential rechecks.
    dbPoolMax: Math.max(2, Math.ceil(config.DB_POOL_MAX / 2)),
    logLevel: config.LOG_LEVEL,
    storage: storageSettings(config),
    drainTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
};
