import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });

async function messages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '../..', file) });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the web bundle cannot import server code', () => {
  // Loading ESLint, typescript-eslint and TypeScript takes seconds on a busy machine: do it once, outside the 5 s test limit.
  beforeAll(() => messages('export {};\n', 'web/src/probe.ts'), 60_000);

  it('refuses common/src/server in web/', async () => {
    const m = await messages("import { createDb } from '@app/common/server/db';\nexport const x = createDb;\n", 'web/src/probe.ts');
    expect(m.join('\n')).toContain('common/src/server is server-only');
  });
  it('refuses api and worker sources in web/', async () => {
    const m = await messages("import { buildApp } from '../../api/src/app';\nexport const x = buildApp;\n", 'web/src/probe.ts');
    expect(m.join('\n')).toContain('The web app talks to the API over HTTP only');
  });
  it('allows the shared schemas in web/ and server code elsewhere', async () => {
    expect(await messages("import { ZLedgerQuery } from '@app/common/schemas/ledger';\nexport const x = ZLedgerQuery;\n", 'web/src/probe.ts')).toEqual([]);
    expect(await messages("import { createDb } from '@app/common/server/db';\nexport const x = createDb;\n", 'api/src/probe.ts')).toEqual([]);
  });
});
