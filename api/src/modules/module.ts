import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionLifetime } from '@app/common/server/sessions/sessions.repository';
import type { ApiConfig } from '../config';

/** What app.ts hands every feature module: the parsed configuration and the values derived from it once. */
export interface ModuleOptions {
  config: ApiConfig;
  production: boolean;
  lifetime: SessionLifetime;
}

/** A feature module: one encapsulated plugin that registers its own routes (and the plugins only they use). */
export type ApiModule = FastifyPluginAsyncZod<ModuleOptions>;
