import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../scripts/lib/node-flags';

const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** The commands an npm script runs, one per `&&` step. */
const steps = (name: string) => (scripts[name] ?? '').split('&&').map((s) => s.trim().split(/\s+/));
/** The tsconfig files `npm run typecheck` checks, and what each includes. */
function typecheckedDirs(): string[] {
  return steps('typecheck').flatMap(([bin, flag, project]) => {
    if (bin !== 'tsc' || flag !== '-p' || !project) return [];
    const config = JSON.parse(readFileSync(path.join(ROOT, project), 'utf8')) as { include: string[] };
    return config.include.map((dir) => path.join(path.dirname(project), dir));
  });
}

describe('npm scripts', () => {
  it('npm run typecheck covers the server code and the web app', () => {
    expect(typecheckedDirs()).toEqual(expect.arrayContaining(['common/src', 'api/src', 'worker/src', 'scripts', 'tests', 'web/src']));
  });

  it('npm run lint runs ESLint and the unused-export check, and npm test runs npm run lint', () => {
    expect(steps('lint').map((s) => s[0])).toEqual(['eslint', 'knip']);
    expect(readFileSync(path.join(ROOT, 'scripts/test.ts'), 'utf8')).toMatch(/run\('npm', \['run', '--silent', name\]/);
    expect(readFileSync(path.join(ROOT, 'scripts/test.ts'), 'utf8')).toContain("npmScript('lint')");
  });
});

describe('production command lines', () => {
  /** The `node …` array of the line in `file` that starts `entry` (JSON, or YAML's single-quoted flow sequence). */
  const commandOf = (file: string, entry: string): string[] => {
    const line = readFileSync(path.join(ROOT, file), 'utf8').split('\n').find((l) => l.includes(`'${entry}'`) || l.includes(`"${entry}"`));
    return JSON.parse(/\[.*\]/.exec(line ?? '')?.[0].replaceAll("'", '"') ?? '[]') as string[];
  };

  it('the Dockerfile and docker-compose.yml give the API and the worker the flags of scripts/lib/node-flags.ts', () => {
    expect(commandOf('Dockerfile', 'api/dist/server.js')).toEqual(['node', ...API_NODE_FLAGS, 'api/dist/server.js']);
    expect(commandOf('docker-compose.yml', 'api/dist/server.js')).toEqual(['node', ...API_NODE_FLAGS, 'api/dist/server.js']);
    expect(commandOf('docker-compose.yml', 'worker/dist/main.js')).toEqual(['node', ...WORKER_NODE_FLAGS, 'worker/dist/main.js']);
  });
});

describe('programs the tests run', () => {
  /**
   * How a fresh machine gets each program a test runs by name: the set-up step of `npm test` that installs it when
   * missing (the file that calls it, and the call), or null for what every Debian machine has or a test only uses
   * where present (compose.test.ts validates docker-compose.yml with docker when there is one).
   */
  const PROVIDED: Record<string, { file: string; call: string } | null> = {
    pdftotext: { file: 'scripts/test.ts', call: 'ensurePdftotext(' },
    ffmpeg: { file: 'scripts/test.ts', call: 'ensureFfmpeg(' },
    ffprobe: { file: 'scripts/test.ts', call: 'ensureFfmpeg(' },
    'redis-server': { file: 'tests/setup/global.ts', call: 'ensureServices(' },
    sh: null,
    id: null,
    docker: null,
    'docker-compose': null,
  };
  const testFiles = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  /** Every program a file under tests/ starts by its name (not by a path or a variable). */
  const programs = () =>
    new Set(testFiles('tests').flatMap((f) => [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\b(?:execFileSync|execFile|spawnSync|spawn|execSync)\(\s*'([^'/\s]+)'/g)].map((m) => m[1]!)));

  it('are each installed by npm test when missing, or need no install', () => {
    const found = [...programs()];
    expect(found).toContain('pdftotext');
    for (const name of found) {
      expect(Object.keys(PROVIDED), `${name}: a test runs it; say in PROVIDED how npm test installs it`).toContain(name);
      const how = PROVIDED[name];
      if (how) expect(readFileSync(path.join(ROOT, how.file), 'utf8'), `${name}: ${how.file} should call ${how.call}`).toContain(how.call);
    }
  });
});
