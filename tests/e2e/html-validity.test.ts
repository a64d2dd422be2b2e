import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '@app/common/routes';
import { useE2eSite } from '../helpers/e2e';

// The Nu HTML checker (the W3C validator, npm's vnu-jar, run with the system's Java) on every prerendered page as the
// API serves it (the ledger with its rendered body). Its CSS parser predates what the stylesheet uses (@property,
// @starting-style, margin-trim): those messages are about the checker, not the HTML, and are left out.

const site = useE2eSite();
const dir = mkdtempSync(path.join(tmpdir(), 'adx-vnu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
}

it('finds no HTML error on any prerendered page', { timeout: 180_000 }, async () => {
  const files = await Promise.all(
    PUBLIC_ROUTES.map(async (route) => {
      const file = path.join(dir, `${route === '/' ? 'index' : route.slice(1).replace(/\//g, '--')}.html`);
      writeFileSync(file, await (await fetch(`${site.app.baseUrl}${route}`)).text());
      return file;
    }),
  );
  const jar = String(createRequire(import.meta.url)('vnu-jar') as unknown);
  // The checker exits non-zero when it reports anything (CSS included): its JSON on stderr is what counts.
  const run = await promisify(execFile)('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stderr?: string }) => ({ stderr: err.stderr ?? '' }),
  );
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const html = messages.filter((m) => !m.message.startsWith('CSS: ')).map((m) => `${path.basename(m.url ?? '')}: ${m.message} ${m.extract ?? ''}`.trim());
  expect(html).toEqual([]);
});
