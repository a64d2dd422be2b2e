// Global setup of the e2e project: one headless Chromium for the whole run, which every test file connects to
// (tests/helpers/browser.ts) and where each file opens its own contexts. Starting Chromium per file cost about a
// second of each e2e file on two cores; a file closing its connection closes the contexts it made, not the server.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumOptions } from '../helpers/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

/** vitest calls it (globalSetup in vitest.config.ts). @public */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run npm test (it installs it) or set CHROMIUM_PATH`);
  const server = await chromium.launchServer({ executablePath: CHROMIUM, ...chromiumOptions(false) });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
