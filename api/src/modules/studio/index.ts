import { studioCookieName } from '../../plugins/access';
import type { ApiModule } from '../module';
import { ingestPlugin } from './ingest';
import { studioRoutes } from './routes';

/** The speaker studio: /api/studio's takes, and the ingest WebSocket that carries their chunks. */
export const studioModule: ApiModule = async (app, { config, production }) => {
  await app.register(studioRoutes);
  await app.register(ingestPlugin, { publicUrl: config.publicUrl, cookieName: studioCookieName(production), credentialRecheckMs: config.STUDIO_CREDENTIAL_RECHECK_MS });
};
