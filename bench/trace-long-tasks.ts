import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { withBenchApp } from '../api/bench/bench-harness.js';
import { seedCatalogue } from '../api/test/catalog/catalog-fixtures.js';
import { products } from './lighthouse.js';
import { CHROME_ARGS, CHROME_PATH } from '../tests/fixtures/chromium.js';
import { ensureWebBuild } from '../tests/e2e/helpers/web-build.js';

// What the long tasks of a page's start are made of, where Lighthouse only names a script (or
// "Unattributable"): each page loaded in Chromium with the CPU 4x slower (Lighthouse's phone
// preset), traced (tasks and what Blink did in them) and profiled (which functions ran), served
// from the built SPA by the bench app with Lighthouse's catalogue (bench/lighthouse.ts). Prints, for
// every task over 50 ms, its trace events and the functions with the most samples; writes the
// trace and the profile to OUT (open them in Chromium's Performance panel). Function names are the
// minified ones: build with `npx vite build --sourcemap` into another folder to map them back.
// `PAGES=/,/store OUT=/tmp/traces npx tsx bench/trace-long-tasks.ts` (Redis needed); BENCH_STORE_URL
// traces a store already running instead (bench/store-under-test.ts).

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const PAGES = (process.env.PAGES ?? '/,/store,/store/product/bench-1').split(',');
const OUT = process.env.OUT ?? '/tmp';
const LONG_TASK_US = 50_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function stopTracing(cdp: CDPSession): Promise<void> {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
}

/** Each long task of the page's main thread with its trace events and its most sampled functions. */
function report(events: TraceEvent[], profile: Profile): string[] {
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ??
    events.find((e) => e.name === 'navigationStart');
  if (!nav) return ['no navigation in the trace'];
  const onMain = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.tid;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
  const lines: string[] = [];
  const tasks = events.filter((e) => e.name === 'RunTask' && onMain(e) && (e.dur ?? 0) > LONG_TASK_US);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inclusive = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      if (times[i]! < task.ts || times[i]! > end) continue;
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const l = label(nodes.get(id)!);
        if (seen.has(l)) continue;
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + 1);
      }
    }
    const inside = events
      .filter((e) => onMain(e) && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 5000)
      .slice(0, 12)
      .map((e) => {
        const data = e.args?.data;
        const what = [data?.url?.replace(/.*\//, ''), data?.functionName].filter(Boolean).join(' ');
        return `${e.name}${what ? ` ${what}` : ''} ${Math.round(e.dur! / 1000)} ms`;
      });
    lines.push(
      `- at ${Math.round((task.ts - nav.ts) / 1000)} ms, ${Math.round(task.dur! / 1000)} ms: ${inside.join(' | ')}`,
    );
    const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 20);
    for (const [l, samples] of top) lines.push(`    ${String(samples).padStart(4)} ${l}`);
  }
  return lines;
}

async function traceAt(url: string): Promise<void> {
  {
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
    try {
      for (const page of PAGES) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        const events: TraceEvent[] = [];
        cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
        await cdp.send('Tracing.start', {
          categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
          transferMode: 'ReportEvents',
        });
        await cdp.send('Profiler.start');
        await tab.goto(url + page, { waitUntil: 'load' });
        await tab.waitForSelector('#root[data-hydrated]', { state: 'attached', timeout: 30_000 });
        await tab.waitForTimeout(3000);
        const { profile } = await cdp.send('Profiler.stop');
        await stopTracing(cdp);
        const name = page.replace(/[^\w]+/g, '_');
        writeFileSync(path.join(OUT, `trace${name}.json`), JSON.stringify({ traceEvents: events }));
        writeFileSync(path.join(OUT, `profile${name}.cpuprofile`), JSON.stringify(profile));
        console.log(`\n${page}\n${report(events, profile as Profile).join('\n')}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  }
}

// BENCH_STORE_URL: trace the store a shopper gets (bench/store-under-test.ts) instead of the bench app.
const storeUrl = process.env.BENCH_STORE_URL?.replace(/\/$/, '');
if (storeUrl) await traceAt(storeUrl);
else {
  ensureWebBuild();
  await withBenchApp(
    {
      name: 'trace',
      prepare: (store) => seedCatalogue(store, products()),
      env: { WEB_DIST: path.join(ROOT, 'web', 'dist') },
      serveWeb: true,
    },
    ({ url }) => traceAt(url),
  );
}
