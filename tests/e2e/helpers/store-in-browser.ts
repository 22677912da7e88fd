/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser.js';
import { startStoreStack, type StoreStack, type StoreStackOptions } from './stack.js';

// What a browser suite against the whole store sets up: the store stack and one Chromium, started
// before the suite's tests and closed after them, and browser contexts of a visitor who has
// answered the cookie banner already (so it covers nothing) and asks for reduced motion (so
// screenshots show where transitions, such as the progress bar, end rather than midway).

export interface Viewport {
  width: number;
  height: number;
}

export interface StoreInBrowser {
  /** The running stack, in the suite's hooks and tests. */
  readonly stack: StoreStack;
  /** A new visitor's context (desktop by default); closed with the suite. */
  newContext(viewport?: Viewport): Promise<BrowserContext>;
  /** A page in a new visitor's context, waiting at most 20 s for what it is asked. */
  newPage(viewport?: Viewport): Promise<Page>;
  /**
   * A new visitor's context in the full browser (started on first use), which blocks third-party
   * cookies as a private window does; the suite's own browser may be the headless shell, which does not.
   */
  newPrivateWindow(viewport?: Viewport): Promise<BrowserContext>;
}

/** Call inside the suite's describe (describeWithBrowser): it registers the suite's beforeAll and afterAll. */
export function storeInBrowser(options: StoreStackOptions = {}): StoreInBrowser {
  let stack: StoreStack | undefined;
  let browser: Browser | undefined;
  let fullBrowser: Promise<Browser> | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStoreStack(options);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await (await fullBrowser)?.close();
    await stack?.close();
  });

  async function newContext(viewport: Viewport = VIEWPORTS.desktop, on = browser): Promise<BrowserContext> {
    if (!on) throw new Error('the browser is not running (used outside the suite?)');
    const context = await on.newContext({ viewport, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addInitScript(() => {
      if (!localStorage.getItem('cookie-consent')) localStorage.setItem('cookie-consent', 'declined');
    });
    return context;
  }

  return {
    get stack() {
      if (!stack) throw new Error('the store stack is not running (used outside the suite?)');
      return stack;
    },
    newContext: (viewport) => newContext(viewport),
    async newPrivateWindow(viewport) {
      fullBrowser ??= launchBrowser({ fullBrowser: true });
      return newContext(viewport, await fullBrowser);
    },
    async newPage(viewport) {
      const page = await (await newContext(viewport)).newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
  };
}
