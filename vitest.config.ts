import { defineConfig } from 'vitest/config';

// Three projects: unit (pure code, no services), integration (real Postgres + Redis through the
// global setup), e2e (the built web app in Chromium against a real API).
// Integration and e2e files run without isolation: importing the API and the worker anew took ~6 s of each file's
// time on a busy machine (the e2e project alone: 130 s of imports summed with isolation, 14 s without; 475 → 431 s of
// wall on two workers). Each file builds its own apps, workers, queues, database and browser context, and the modules
// keep no state that one file could leave to the next: their caches are keyed by database handle or hold constants,
// process metrics only add.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], isolate: false, globalSetup: ['tests/setup/global.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], isolate: false, globalSetup: ['tests/setup/global.ts', 'tests/setup/browser.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
