import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths';
import { startProcess, type Managed } from '../../scripts/lib/proc';

// BENCH_CPU_PROF=<dir>: the API and the worker run as `node --cpu-prof --import tsx` and write V8
// CPU profiles there when they exit (Node refuses --cpu-prof in NODE_OPTIONS).
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

/** Starts one of our entry points (api/src/server.ts, worker/src/main.ts) through tsx, as production does. */
export function runTs(name: string, entry: string, env: NodeJS.ProcessEnv): Managed {
  return profileDir
    ? startProcess(name, process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', entry], { cwd: ROOT, env })
    : startProcess(name, path.join(ROOT, 'node_modules/.bin/tsx'), [entry], { cwd: ROOT, env });
}
