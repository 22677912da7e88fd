import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

// boot.js (web/public) requests the app's modules once the page has painted. Starting a request
// costs the main thread a few milliseconds on a phone; a product page names some thirty modules,
// and requesting them all in one task held the main thread for a quarter of a second, while the
// shopper may already be tapping. They are requested a few at a time, the largest (the shared
// shell, named last) first. Then they are run one per task (run by the entry's own import, the
// whole graph ran in one task of a third of a second), the entry's imports first, then the route's
// chunks in the order named (each after its imports), and the entry last.

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

/** Which timer task each module was run in. */
let task = 0;
let tasksRunning: number[] = [];
beforeEach(() => {
  task = 0;
  tasksRunning = [];
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) =>
    realSetTimeout(() => {
      task += 1;
      callback();
    }, ms)) as typeof setTimeout);
});

/** boot.js with its dynamic imports recorded: `failing` hrefs fail to load. */
function startBoot(failing: string[] = []) {
  const ran: string[] = [];
  const runModule = (href: string) => {
    ran.push(href);
    tasksRunning.push(task);
    return failing.includes(href) ? Promise.reject(new Error(`${href} did not load`)) : Promise.resolve({});
  };
  new Function('runModule', BOOT.replaceAll('import(', 'runModule('))(runModule);
  return ran;
}

test('the app modules are requested a few at a time, the shell first, then run one per task, then the entry', async () => {
  const ran = startBoot();

  const first = preloaded();
  expect(first.length).toBeGreaterThan(0);
  expect(first.length).toBeLessThanOrEqual(8);
  expect(first.slice(0, 2)).toEqual(['/assets/app-shell.js', '/assets/rolldown-runtime.js']);
  expect(entry()).toBeUndefined();
  expect(ran).toEqual([]);

  await vi.runAllTimersAsync();
  // Each in a task of its own.
  expect(new Set(tasksRunning).size).toBe(ran.length);
  expect(preloaded().sort()).toEqual([...routeChunks, '/assets/rolldown-runtime.js', '/assets/app-shell.js'].sort());
  expect(ran).toEqual(['/assets/rolldown-runtime.js', '/assets/app-shell.js', ...routeChunks]);
  expect(entry()).toBe('/assets/index.js');
});

test('a module that fails to load does not stop the others or the entry, which reports the failure itself', async () => {
  const ran = startBoot(['/assets/route-3.js']);
  await vi.runAllTimersAsync();
  expect(ran).toHaveLength(routeChunks.length + 2);
  expect(entry()).toBe('/assets/index.js');
});

test('in a background tab, whose timers wait, every module and the entry are requested at once', () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  const ran = startBoot();

  expect(preloaded()).toHaveLength(routeChunks.length + 2);
  expect(entry()).toBe('/assets/index.js');
  expect(ran).toEqual([]);
});
