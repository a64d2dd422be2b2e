import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderNginxConf } from '../../scripts/lib/nginx';
import { ROOT } from '../../scripts/lib/paths';

const template = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
const rendered = renderNginxConf(template, { listen: '127.0.0.1:18080', resolver: '127.0.0.1:15353', apiPort: 13001, dir: '/tmp/x' });

describe('deploy/nginx.conf rendered for the local cluster', () => {
  it('changes only the listen address, the resolver and the API port, and where this run keeps its files and cache', () => {
    const before = template.split('\n');
    const after = rendered.split('\n');
    const removed = before.filter((l) => !after.includes(l)).map((l) => l.trim());
    const added = after.filter((l) => !before.includes(l)).map((l) => l.trim());
    const cache = 'levels=1:2 keys_zone=ledger:10m max_size=200m inactive=10m use_temp_path=off;';
    expect(removed).toEqual(['resolver 127.0.0.11 valid=10s ipv6=off;', `proxy_cache_path /var/cache/nginx/ledger ${cache}`, 'listen 8080;', 'set $api api:3000;']);
    expect(added.filter((l) => !l.startsWith('access_log /tmp/x/') && !/^\w+_temp_path \/tmp\/x\/\w+;$/.test(l) && l !== `proxy_cache_path /tmp/x/ledger-cache ${cache}`)).toEqual([
      'resolver 127.0.0.1:15353 valid=10s ipv6=off;',
      'listen 127.0.0.1:18080;',
      'set $api api:13001;',
    ]);
  });

  it('refuses a config that lost a line it rewrites, rather than run something else', () => {
    expect(() => renderNginxConf(template.replace('listen 8080;', 'listen 80;'), { listen: 'x', resolver: 'y', apiPort: 1, dir: '/tmp/x' })).toThrow(/listen 8080/);
  });
});
