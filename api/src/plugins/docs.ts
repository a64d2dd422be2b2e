import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentRoute } from './docs-contract';

/** OpenAPI document generated from the zod route schemas: UI at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp<{ productName: string; publicUrl: string }>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${opts.productName} API`, version: '0.1.0', description: 'JSON API of the public site and the members site. No string of any request (body, query, path, header, multipart field) may hold NUL or an unpaired UTF-16 surrogate (400, naming the field); every operation lists each status it can answer.' },
        servers: [{ url: opts.publicUrl }],
      },
      transform: documentRoute,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
