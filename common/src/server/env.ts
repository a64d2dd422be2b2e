import { z } from 'zod';

/** Shared environment fields read by every server process (api, worker, scripts). */
export const ZBaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string({ error: 'is required (a postgres:// connection URL)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  REDIS_URL: z
    .string({ error: 'is required (a redis:// connection URL)' })
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, dashes or underscores')
    .default('adx'),
});

/** Thrown by parseEnv; its message is the one line an operator needs to read. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses `env` with `schema` once. On failure throws a ConfigError whose message names every bad
 * variable, e.g. `Invalid configuration: PORT must be between 1 and 65535 (got "abc")`.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // Empty strings count as unset so that `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const raw = cleaned[name];
    const got = raw === undefined ? '' : ` (got ${JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw)})`;
    return `${name} ${issue.message}${got}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Runs `fn`, and if it throws a ConfigError prints its one line and exits with status 78 (EX_CONFIG). */
export function loadConfigOrExit<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}

/** Integer environment variable within bounds, with a readable message. */
export const zPort = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');
