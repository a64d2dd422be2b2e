import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createStorage, type Storage } from '@app/common/server/storage/index';
import type { Mailer } from '../../worker/src/mail/mailer';
import type { RunningWorkers } from '../../worker/src/workers';
import { seedSiteSettings } from '../../scripts/lib/demo-site';
import { startTestApp, type TestApp } from './app';
import { launchBrowser } from './browser';
import { startTestWorker } from './worker';
import { seedDemoCohort } from '@app/common/server/program/demo-cohort';

/** What {@link useE2eSite} brings up; read its fields inside hooks and tests (they are set in beforeAll). */
export interface E2eSite {
  /** The API serving the built web app on a real port. */
  readonly app: TestApp;
  readonly browser: Browser;
  /** The app's own storage, which the worker writes to (only with `worker: true`). */
  readonly storage: Storage;
  readonly worker: RunningWorkers;
}

/**
 * The set-up every browser test shares: registers beforeAll/afterAll hooks that start the app on a port (its own
 * database and Redis prefix), optionally the real workers on the app's storage, and headless Chromium, and close
 * them again. Call it once at the top of a test file. `mailer` replaces the workers' mail transport (built for the app).
 * The site has the demo cohort (open for enrolment, starting some six weeks ahead of now) unless `cohort: false`;
 * `clock` is the app's time (and the demo cohort's "now"); it gets the demo settings (scripts/lib/demo-site.ts) unless
 * `demoSettings: false`.
 */
export function useE2eSite(opts: { worker?: boolean; mailer?: (app: TestApp) => Mailer; cohort?: boolean; clock?: () => Date; demoSettings?: boolean } = {}): E2eSite {
  const state: { app?: TestApp; browser?: Browser; storage?: Storage; worker?: RunningWorkers } = {};
  const need = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`e2e site: ${key} is not running (read it inside a hook or test${key === 'worker' || key === 'storage' ? ', and pass worker: true' : ''})`);
    return value as NonNullable<(typeof state)[K]>;
  };

  beforeAll(async () => {
    state.app = await startTestApp({ listen: true, ...(opts.clock ? { clock: opts.clock } : {}) });
    if (opts.cohort !== false) await seedDemoCohort(state.app.database.db, opts.clock?.() ?? new Date());
    // The demo site's addresses (as `npm start` seeds them), unless a test is about a site with nothing set.
    if (opts.demoSettings !== false) await seedSiteSettings(state.app.database.db);
    if (opts.worker) {
      state.storage = createStorage(state.app.config);
      state.worker = await startTestWorker(state.app.database.db, state.app.config.REDIS_PREFIX, { storage: state.storage, mailer: opts.mailer?.(state.app) });
    }
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.worker?.close();
    state.storage?.close();
    await state.app?.close();
  });

  return {
    get app() {
      return need('app');
    },
    get browser() {
      return need('browser');
    },
    get storage() {
      return need('storage');
    },
    get worker() {
      return need('worker');
    },
  };
}
