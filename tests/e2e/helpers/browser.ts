import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { APP_ENTRY_META, APP_SCRIPT_STATE_ATTRIBUTE } from '@shop/shared/pages';
import { describe, test } from 'vitest';
import { CHROME_ARGS, CHROME_PATH, TEST_BROWSER_PATH } from '../../fixtures/chromium.js';

// Browser helpers for every end-to-end suite: Debian's Chromium driven by playwright-core
// (docs/providers.md#toolchain), and the rule for machines without it (docs/architecture.md#start-test-and-ci).

export const ARTIFACTS_DIR = fileURLToPath(new URL('../../artifacts', import.meta.url));
export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } } as const;

export function chromiumAvailable(): boolean {
  try {
    accessSync(CHROME_PATH, constants.X_OK);
    accessSync(TEST_BROWSER_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const followed = new WeakSet<Page>();
type LoadWait = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' } | undefined;

/**
 * The app's scripts are requested after the first paint (shared/src/pages/paint-first.ts), so the
 * load event no longer means the entry has run. After each full load a test waits, as it did
 * before, until the entry has run (hydration has begun) or failed to load.
 */
function followAppScript(page: Page): Page {
  if (followed.has(page)) return page;
  followed.add(page);
  const settled = () =>
    page.waitForFunction(
      ([meta, attribute]) =>
        !document.querySelector(`meta[name="${meta}"]`) || document.documentElement.hasAttribute(attribute!),
      [APP_ENTRY_META, APP_SCRIPT_STATE_ATTRIBUTE],
    );
  const wrap =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>, options: (args: A) => LoadWait) =>
    async (...args: A): Promise<R> => {
      const result = await load(...args);
      const waitUntil = options(args)?.waitUntil ?? 'load';
      if (waitUntil === 'load' || waitUntil === 'networkidle') await settled();
      return result;
    };
  page.goto = wrap(page.goto.bind(page), (args) => args[1]);
  page.reload = wrap(page.reload.bind(page), (args) => args[0]);
  page.goBack = wrap(page.goBack.bind(page), (args) => args[0]);
  page.goForward = wrap(page.goForward.bind(page), (args) => args[0]);
  return page;
}

/** Every page of the context, opened now or later, waits for the app's entry after a load. */
export function followAppScripts(context: BrowserContext): BrowserContext {
  context.pages().forEach(followAppScript);
  context.on('page', followAppScript);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => followAppScript(await newPage());
  return context;
}

/**
 * The tests' browser: Chromium's headless shell where installed (tests/fixtures/chromium.ts), or,
 * with `fullBrowser`, the full Chromium, for what only it does (a fresh context that blocks
 * third-party cookies, as a private window does).
 */
export async function launchBrowser({ fullBrowser = false } = {}): Promise<Browser> {
  const executablePath = fullBrowser ? CHROME_PATH : TEST_BROWSER_PATH;
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => followAppScripts(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => followAppScript(await newPage(...args));
  return browser;
}

/**
 * Full-page PNG in tests/artifacts/<name>.png, for people to look at; nothing asserts on it. With
 * TEST_SCREENSHOTS=off (`.ci/run` sets it: its clean clone is thrown away after the run) none is
 * taken, since each full-page capture costs up to seconds of a slow two-core machine.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.TEST_SCREENSHOTS === 'off') return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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
