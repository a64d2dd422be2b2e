import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteApi } from '@app/common/api/site';
import { ZApiError } from '@app/common/schemas/errors';
import { loadSiteSeed } from '@app/common/server/site/site.repository';
import { updateSettings, updateTokenSale } from './site.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/** The site's content: anyone reads it; admins change it (audited), and every replica re-renders the public pages. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    siteApi.get.path,
    { config: { access: 'public' }, schema: { tags: ['site'], summary: 'The settings and token sale the public pages render with', response: { 200: siteApi.get.response } } },
    async (_req, reply) => reply.header('cache-control', 'no-cache').send(await loadSiteSeed(app.db)),
  );

  app.put(
    siteApi.saveSettings.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Replace the site settings (addresses, videos, claims, sector names, roadmap)', body: siteApi.saveSettings.body, response: { 200: siteApi.saveSettings.response, ...errors } },
    },
    async (req) => updateSettings(app.db, req.body, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }),
  );

  app.put(
    siteApi.saveTokenSale.path,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Replace the token sale (tokens per dollar, minimum, maximum, step, open or closed)', body: siteApi.saveTokenSale.body, response: { 200: siteApi.saveTokenSale.response, ...errors } },
    },
    async (req) => updateTokenSale(app.db, req.body, { userId: req.session!.userId, ip: req.ip, userAgent: req.headers['user-agent'] }),
  );
};
