import { sessionCookieName } from '../../plugins/access';
import type { ApiModule } from '../module';
import { authRoutes } from './routes';

/** /api/auth: the session, sign-out, Discord sign-in and (outside production, without Discord) dev sign-in. */
export const authModule: ApiModule = async (app, { config, production, lifetime }) => {
  await app.register(authRoutes, {
    settings: { lifetime, cookieName: sessionCookieName(production), secureCookies: production, adminDiscordIds: config.ADMIN_DISCORD_IDS },
    productName: config.PRODUCT_NAME,
    production,
    publicUrl: config.publicUrl,
    discord: config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
      ? { clientId: config.DISCORD_CLIENT_ID, clientSecret: config.DISCORD_CLIENT_SECRET, baseUrl: config.DISCORD_BASE_URL }
      : null,
  });
};
