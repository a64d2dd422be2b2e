// A vitest reporter that `npm test` adds (scripts/test.ts): after the run, the 20 test files that took longest, each
// with its import and its tests-and-hooks time, so a slow suite shows where its time goes without a second run.
import type { Reporter, TestModule } from 'vitest/node';

/** @public vitest loads it by path (scripts/test.ts). */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
      return { name: `${m.project.name}/${m.relativeModuleId.replace(/^tests\/[^/]+\//, '')}`, setup, run: d.duration, total: setup + d.duration };
    });
    rows.sort((a, b) => b.total - a.total);
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = rows.slice(0, 20).map((r) => `${s(r.total)} s  (import ${s(r.setup)} s, tests ${s(r.run)} s)  ${r.name}`);
    const sum = (k: 'setup' | 'run') => rows.reduce((t, r) => t + r[k], 0);
    process.stdout.write(`\nslowest test files (of ${rows.length}; summed import ${s(sum('setup'))} s, tests ${s(sum('run'))} s):\n${lines.join('\n')}\n`);
  }
}
