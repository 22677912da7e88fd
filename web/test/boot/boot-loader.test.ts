import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

// boot.js (web/public) requests the app's modules once the page has painted. Starting a request
// costs the main thread a few milliseconds on a phone; a product page names some thirty modules,
// and requesting them all in one task held the main thread for a quarter of a second, while the
// shopper may already be tapping. They are requested a few at a time, the largest (the shared
// shell, named last) first, and the entry once all are on their way.

const BOOT = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
const routeChunks = Array.from({ length: 28 }, (_, i) => `/assets/route-${i}.js`);

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = [
    ...routeChunks.map((href) => `<meta name="app-preload" content="${href}" />`),
    '<meta name="app-entry" content="/assets/index.js" />',
    '<meta name="app-preload" content="/assets/rolldown-runtime.js" />',
    '<meta name="app-preload" content="/assets/app-shell.js" />',
  ].join('');
  // An empty root: the loader starts at once, as for the SPA's shell.
  document.body.innerHTML = '<div id="root"></div>';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const entry = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');

test('the app modules are requested a few at a time, the shell first, then the entry', () => {
  new Function(BOOT)();

  const first = preloaded();
  expect(first.length).toBeGreaterThan(0);
  expect(first.length).toBeLessThanOrEqual(8);
  expect(first.slice(0, 2)).toEqual(['/assets/app-shell.js', '/assets/rolldown-runtime.js']);
  expect(entry()).toBeUndefined();

  vi.runAllTimers();
  expect(preloaded().sort()).toEqual([...routeChunks, '/assets/rolldown-runtime.js', '/assets/app-shell.js'].sort());
  expect(entry()).toBe('/assets/index.js');
});

test('in a background tab, whose timers wait, every module and the entry are requested at once', () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  new Function(BOOT)();

  expect(preloaded()).toHaveLength(routeChunks.length + 2);
  expect(entry()).toBe('/assets/index.js');
});
