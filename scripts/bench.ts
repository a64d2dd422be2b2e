// `npm run bench [-- name...]`: runs each benchmark in bench/ (one file per benchmark) in turn.
// Each prints a table with its peer measured in the same run; figures go to docs/benchmarks.md by hand.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { generateSignerKey } from '@app/common/domain/signed-note';
import { BIN, ROOT } from './lib/paths';
import { exitCode, run } from './lib/proc';

// The benchmarks run the API and worker with NODE_ENV=production, which needs a ledger signing key: one per run.
process.env.LEDGER_SIGNING_KEY ??= generateSignerKey('bench.localhost/ledger');

const wanted = process.argv.slice(2);
const files = readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')));
if (files.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f}`);
  const code = exitCode(await run(path.join(BIN, 'tsx'), [path.join('bench', f)], { cwd: ROOT }));
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
