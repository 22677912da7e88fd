import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { CHROME_ARGS, CHROME_PATH } from '../../fixtures/chromium.js';

// Browser helpers for every end-to-end suite: Debian's Chromium driven by playwright-core
// (reference/toolchain.md), and the rule for machines without it (DESIGN.md section 10).

export const ARTIFACTS_DIR = fileURLToPath(new URL('../../artifacts', import.meta.url));
export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } } as const;

export function chromiumAvailable(): boolean {
  try {
    accessSync(CHROME_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}

/** Full-page PNG in tests/artifacts/<name>.png; returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * `describe` for a browser suite. Without Chromium the suite is replaced by one test: under
 * CI=true it fails (CI must run the browser tests); elsewhere it passes after a loud notice.
 */
export function describeWithBrowser(name: string, body: () => void): void {
  if (chromiumAvailable()) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    if (process.env.CI === 'true') {
      test('Chromium is installed', () => {
        throw new Error(
          `Chromium was not found at ${CHROME_PATH} (set CHROME_PATH). Browser tests are required under CI=true.`,
        );
      });
    } else {
      test('browser tests skipped: Chromium not found', () => {
        const line = '!'.repeat(78);
        console.warn(
          `\n${line}\n!! BROWSER TESTS NOT RUN: "${name}"\n!! Chromium was not found at ${CHROME_PATH}.\n` +
            `!! Install it (Debian: apt-get install -y chromium) or set CHROME_PATH, then run again.\n${line}\n`,
        );
      });
    }
  });
}
