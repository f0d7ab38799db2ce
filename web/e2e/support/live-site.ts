import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack, type StackOptions } from '@pitchside/test-support/stack';
import { launchBrowser } from './browser.ts';

/** The seed every browser test plays: its day has live matches with goals still to come. */
export const E2E_SEED = 20250614;

/**
 * The whole site for one test file: the stack (simulated game API with its clock frozen, ingest, Redis,
 * the gateway serving the built site) and a Chromium, started before the file's tests and stopped after.
 */
export function useLiveSite(options: StackOptions = {}): {
  readonly stack: Stack;
  readonly browser: Browser;
} {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ timeScale: 0, seed: E2E_SEED, ...options }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack is not started (use it inside a test)');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started (use it inside a test)');
      return browser;
    },
  };
}
