/**
 * The cluster's front door outside compose: nginx running deploy/nginx.conf itself (rendered for local ports,
 * with a small DNS server playing Docker's for the `api` name), or, where nginx cannot be had, the Node
 * stand-in of proxy.ts, which says so.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { aptInstall } from './apt';
import { startNameServer, type NameServer } from './dns';
import { ROOT } from './paths';
import { freePort } from './proc';
import { startProxy } from './proxy';
import { isExecutable, lastLines, registerExitCleanup, which } from './services/util';

const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
const NGINX_HINT = 'nginx runs the cluster as in production: install it with `sudo apt-get install -y nginx`';

/** The nginx binary on this machine, if any. */
export function findNginx(): string | undefined {
  return which('nginx') ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(isExecutable);
}

/** Finds nginx, installing Debian's package when missing and root (as Redis and Chromium are); undefined when it cannot be had. */
export async function ensureNginx(log: (m: string) => void): Promise<string | undefined> {
  const found = findNginx();
  if (found) return found;
  try {
    await aptInstall('nginx', log, NGINX_HINT);
  } catch (err) {
    log(`nginx: ${(err as Error).message}`);
  }
  return findNginx();
}

/**
 * deploy/nginx.conf for one machine. Only where it listens, the resolver's address and the API's port change;
 * the http block also gets the paths of this run's logs, temporary files and ledger cache (the package's defaults
 * and the production cache path under /var need root). Throws when the file no longer has a line this relies on, so the two cannot drift apart quietly.
 */
export function renderNginxConf(template: string, o: { listen: string; resolver: string; apiPort: number; dir: string }): string {
  let out = template;
  const replace = (from: RegExp, to: string) => {
    if (!from.test(out)) throw new Error(`deploy/nginx.conf no longer matches ${from}: update renderNginxConf in scripts/lib/nginx.ts`);
    out = out.replace(from, to);
  };
  replace(/listen 8080;/, `listen ${o.listen};`);
  replace(/resolver 127\.0\.0\.11 /, `resolver ${o.resolver} `);
  replace(/set \$api api:3000;/, `set $api api:${o.apiPort};`);
  replace(/proxy_cache_path \/var\/cache\/nginx\/ledger /, `proxy_cache_path ${o.dir}/ledger-cache `);
  const files = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${o.dir}/${k};\n`).join('');
  replace(/^http \{\n/m, `http {\n  access_log ${o.dir}/access.log;\n${files}`);
  return out;
}

/** A running front door for the cluster's APIs. */
export interface ClusterProxy {
  kind: 'nginx' | 'node';
  port: number;
  /** nginx only: the DNS server answering the `api` name (to change the replicas it announces). */
  names?: NameServer;
  /** nginx only: its error log so far. */
  errorLog?: () => string;
  close(): Promise<void>;
}

function listening(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Runs `bin` on deploy/nginx.conf, listening on host:port, in front of `api` = apiHosts at apiPort. */
async function startNginx(bin: string, o: { host: string; port: number; apiHosts: string[]; apiPort: number }): Promise<ClusterProxy> {
  const names = await startNameServer('api', o.apiHosts);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adx-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers (nobody, when started as root) write their temporary files here
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), { listen: `${o.host}:${o.port}`, resolver: `127.0.0.1:${names.port}`, apiPort: o.apiPort, dir }));
  const errorLog = path.join(dir, 'error.log');
  const readLog = () => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  const child = spawn(bin, ['-p', dir, '-c', conf, '-e', errorLog, '-g', `daemon off; pid ${dir}/nginx.pid;`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const unregister = registerExitCleanup(() => child.kill('SIGKILL'));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    unregister();
    await names.close();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && !(await listening(o.port, o.host)); i++) {
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  if (!(await listening(o.port, o.host))) {
    const why = lastLines(`${stderr}\n${readLog()}`, 10);
    await close();
    throw new Error(`nginx did not start on ${o.host}:${o.port} with deploy/nginx.conf:\n${why}`);
  }
  return { kind: 'nginx', port: o.port, names, errorLog: readLog, close };
}

/**
 * The front door of `npm run start:cluster` and the cluster test: nginx with deploy/nginx.conf when it is installed,
 * else the Node stand-in (printed, so nobody mistakes it for the production proxy). The APIs listen on the same
 * port at different loopback addresses, because a DNS name carries addresses, not ports.
 */
export async function startClusterProxy(o: { host: string; port: number; apiHosts: string[]; apiPort: number; log: (m: string) => void }): Promise<ClusterProxy> {
  const port = o.port || (await freePort());
  const bin = findNginx();
  if (bin) {
    o.log(`proxy: nginx (${bin}) with deploy/nginx.conf on ${o.host}:${port}`);
    return startNginx(bin, { ...o, port });
  }
  o.log(`proxy: NOT nginx: ${NGINX_HINT}. Using the Node stand-in (scripts/lib/proxy.ts) on ${o.host}:${port}, which does not prove deploy/nginx.conf`);
  const node = await startProxy(port, o.apiHosts.map((host) => ({ host, port: o.apiPort })), o.host);
  return { kind: 'node', port: node.port, close: node.close };
}
