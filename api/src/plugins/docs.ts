import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the zod route schemas: UI at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp<{ productName: string; publicUrl: string }>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${opts.productName} API`, version: '0.1.0', description: 'JSON API of the public site and the members site.' },
        servers: [{ url: opts.publicUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
