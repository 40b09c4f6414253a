import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { StartSimOptions } from '@pdbscope/sim';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, startStack, type Stack } from './stack.js';

// Every run saves its screenshots; `PDBSCOPE_UPDATE_SCREENSHOTS=1` writes them over the README's
// (docs/screenshots), so an ordinary test run leaves the working tree clean.
export const screenshotsDir = path.join(
  repoRoot,
  process.env['PDBSCOPE_UPDATE_SCREENSHOTS'] === '1'
    ? 'docs/screenshots'
    : 'e2e/artifacts/screenshots',
);

export interface DemoSession {
  stack: Stack;
  browser: Browser;
  page: Page;
  /** Saves the page as `name`.png in the screenshots directory. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built app on the demo cluster (seed 1, no activity) and a Chromium page to drive it; with a
 * `clock` (a ManualClock), the simulator's time moves only when told to.
 */
export async function openDemo(options: Pick<StartSimOptions, 'clock'> = {}): Promise<DemoSession> {
  await mkdir(screenshotsDir, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  const stack = await startStack({ sim: { demo: true, activity: false, seed: 1, ...options } });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const page = await browser.context.newPage();
  return {
    stack,
    browser,
    page,
    screenshot: async (name) => {
      await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
    },
    close: async () => {
      await browser.close();
      await stack.stop();
    },
  };
}
