import path from 'node:path';
import { z } from 'zod';
import { ZBaseEnv, parseEnv, zPort } from '@app/common/server/env';
import { repoRoot } from '@app/common/server/repo-root';
import { checkStorageEnv, ZStorageEnv } from '@app/common/server/storage/index';
import { checkLedgerKeyEnv, ZLedgerKeyEnv } from '@app/common/server/ledger/ledger-key';
import { ZLinkSecretEnv } from '@app/common/server/link-secret';
import { ZIdleMemoryEnv } from '@app/common/server/idle-memory';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The API's environment; see .env.example for each variable's meaning. */
const ZApiEnv = ZBaseEnv.extend({
  PORT: zPort.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://example.org' }).optional(),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('ADX Trust'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'web/dist')),
  TRUST_PROXY: zBool.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(1_000).max(600_000).default(15_000),
  DB_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
  DISCORD_CLIENT_ID: z.string().regex(/^\d{5,30}$/, 'must be the numeric application id from the Discord developer portal').optional(),
  DISCORD_CLIENT_SECRET: z.string().min(8, 'must be the client secret from the Discord developer portal').optional(),
  DISCORD_BASE_URL: z.url({ error: 'must be an absolute URL' }).default('https://discord.com'),
  ADMIN_DISCORD_IDS: z
    .string()
    .regex(/^[\w:.-]+(,[\w:.-]+)*$/, 'must be a comma-separated list of Discord user ids')
    .transform((v) => v.split(','))
    .default([]),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret the Prometheus scraper sends as Bearer)').optional(),
  SESSION_IDLE_HOURS: z.coerce.number({ error: 'must be a number' }).positive().max(24 * 90).default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number({ error: 'must be a number' }).positive().max(365).default(30),
  // How often an open studio ingest socket's credential is checked again (a revoked one ends it).
  STUDIO_CREDENTIAL_RECHECK_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').max(3_600_000, 'must be at most 3600000').default(30_000),
  // How often each API instance checks its open Socket.IO connections' sign-ins again (expired ones end, a removed admin role leaves the admin rooms).
  SOCKET_SESSION_RECHECK_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').max(3_600_000, 'must be at most 3600000').default(30_000),
}).extend(ZStorageEnv.shape).extend(ZLedgerKeyEnv.shape).extend(ZLinkSecretEnv.shape).extend(ZIdleMemoryEnv.shape);

/** Parsed API configuration. */
export type ApiConfig = z.infer<typeof ZApiEnv> & { publicUrl: string };

/** Parses the API's environment once; throws ConfigError naming each bad variable. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = parseEnv(
    ZApiEnv.refine((c) => !c.DISCORD_CLIENT_ID || c.DISCORD_CLIENT_SECRET, {
      message: 'is required when DISCORD_CLIENT_ID is set',
      path: ['DISCORD_CLIENT_SECRET'],
    }).refine((c) => !c.STRIPE_SECRET_KEY || c.STRIPE_WEBHOOK_SECRET, {
      message: 'is required when STRIPE_SECRET_KEY is set',
      path: ['STRIPE_WEBHOOK_SECRET'],
    }).superRefine(checkStorageEnv).superRefine(checkLedgerKeyEnv),
    env,
  );
  return { ...parsed, publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '') };
}
