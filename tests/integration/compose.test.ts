import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** `docker compose` (v2 plugin) or `docker-compose` (v1), whichever this machine has. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  return null;
}

const compose = composeCommand();

describe('docker-compose.yml', () => {
  it.skipIf(!compose)('is accepted by compose config (with .env made from .env.example)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    try {
      for (const f of ['docker-compose.yml', 'Dockerfile']) copyFileSync(path.join(root, f), path.join(dir, f));
      mkdirSync(path.join(dir, 'deploy'));
      copyFileSync(path.join(root, 'deploy/nginx.conf'), path.join(dir, 'deploy/nginx.conf'));
      copyFileSync(path.join(root, '.env.example'), path.join(dir, '.env'));
      const [cmd, ...args] = compose!;
      const r = spawnSync(cmd!, [...args, 'config', '-q'], { cwd: dir, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has the production shape: replicated API behind nginx, replicated workers, durable Redis, bucket made at start', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = (name: string) => {
      const m = new RegExp(`\\n  ${name}:\\n([\\s\\S]*?)(?=\\n  [a-z-]+:\\n|\\nvolumes:)`).exec(text);
      if (!m) throw new Error(`no service ${name}`);
      return m[1]!;
    };
    for (const name of ['api', 'worker']) expect(service(name)).toMatch(/deploy:\s+replicas: 2/);
    expect(service('api')).not.toMatch(/\n {4}ports:/); // only the proxy publishes a port
    expect(service('api')).toContain('/readyz');
    expect(service('proxy')).toMatch(/image: nginx/);
    expect(service('proxy')).toMatch(/ports:/);
    expect(service('redis')).toMatch(/noeviction[\s\S]*appendfsync', 'everysec/);
    expect(service('minio-init')).toContain('mc mb --ignore-existing');
    expect(service('migrate')).toContain("restart: 'no'");
    for (const name of ['postgres', 'redis', 'minio', 'api', 'worker', 'proxy']) expect(service(name), name).toContain('healthcheck:');
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    // The API's name is resolved through a variable (looked up again, so replicas are followed), set once for the server.
    expect(nginx).toMatch(/set \$api api:3000;/);
    expect(nginx).toMatch(/proxy_pass http:\/\/\$api;/);
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/--omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
  });
});
