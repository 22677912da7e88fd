import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { z } from 'zod';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { percentile } from '../fixtures/percentile.js';
import { startLoadStack, type LoadStack } from './load-stack.js';
import { STEPS, StepRecorder, TARGET_STEPS, runShoppers, type Step } from './shopper-flow.js';
import { seedTeamOrder } from './team-order-visit.js';

// `npm run load`: the whole store on loopback (see load-stack.ts) under virtual shoppers, in two
// phases on the same stack:
//   1. shoppers: N shoppers for the duration, pausing a think time between steps as people do;
//      the target (zero errors, p99 under 100 ms for the catalogue and cart steps) applies here;
//   2. capacity: the same shoppers with no pause at all, to show how much the store serves when
//      saturated and what latency it then has (printed, no target).
// Afterwards there must be one order per checkout, every payment must have become a paid order,
// and the order queues must drain.
// Prints one markdown table per phase, writes them to bench/results/load.md, and exits non-zero
// on any error or a missed target.
//   npm run load -- --duration 60 --shoppers 200 --think-ms 1000 --capacity-duration 15

export const LATENCY_TARGET_MS = 100;
const DRAIN_TIMEOUT_MS = 60_000;
const REPORT_FILE = fileURLToPath(new URL('../../bench/results/load.md', import.meta.url));

const count = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

export const loadOptionsSchema = z.object({
  durationSec: count('--duration', 1).default(60),
  shoppers: count('--shoppers', 1).default(200),
  thinkMs: count('--think-ms', 0).default(1000),
  capacityDurationSec: count('--capacity-duration', 0).default(15),
  /** API processes and sets of workers on the one Redis and store (docs/rules.md#production-for-real). */
  replicas: count('--replicas', 1).default(1),
});
export type LoadOptions = z.infer<typeof loadOptionsSchema>;

export interface LoadRow {
  step: Step;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx or not what the shopper expected, and requests that got no answer. */
  errors: number;
}

export interface PhaseReport {
  name: 'shoppers' | 'capacity';
  shoppers: number;
  thinkMs: number;
  durationSec: number;
  requestsPerSecond: number;
  rows: LoadRow[];
  connectionErrors: number;
  failureSamples: string[];
}

export interface LoadReport {
  options: LoadOptions;
  phases: PhaseReport[];
  checkoutsStarted: number;
  /** Orders in the store: exactly one per checkout started, or an order was lost or doubled. */
  ordersRecorded: number;
  paymentsMade: number;
  /** Orders the Stripe webhook turned into paid. */
  ordersPaid: number;
  /** Whether the orders and notifications queues were empty within the grace period after the run. */
  queuesDrained: boolean;
  /** Orders that share their number with another order (must be 0). */
  duplicateOrderNumbers: number;
  /** Per API replica: whether a browser's live catalogue stream there got the synced catalogue. */
  liveUpdates: boolean[];
  /** Scheduled syncs recorded (replicated runs schedule one every 5 s), and slots that ran twice. */
  scheduledSyncs: { runs: number; slotsRunTwice: number };
}

function rowOf(step: Step, recorder: StepRecorder, durationSec: number): LoadRow {
  const sorted = [...(recorder.latencies.get(step) ?? [])].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    step,
    requests: sorted.length,
    perSecond: round(sorted.length / durationSec),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    errors: recorder.failures.get(step) ?? 0,
  };
}

async function runPhase(
  stack: LoadStack,
  name: PhaseReport['name'],
  shoppers: number,
  thinkMs: number,
  durationSec: number,
): Promise<PhaseReport & { checkouts: number; payments: number }> {
  // The shoppers are spread evenly over the replicas, as a round-robin load balancer would.
  const replicas = stack.apiUrls.length;
  const share = (i: number) => Math.floor(shoppers / replicas) + (i < shoppers % replicas ? 1 : 0);
  const pools = stack.apiUrls.map(
    (url, i) => new Pool(url, { connections: Math.max(1, share(i)), keepAliveTimeout: 30_000 }),
  );
  const recorder = new StepRecorder();
  const teamOrderToken = await seedTeamOrder(stack.store, stack.products);
  const started = performance.now();
  try {
    const runs = await Promise.all(
      pools.map((pool, i) =>
        runShoppers({
          pool,
          products: stack.products,
          recorder,
          shoppers: share(i),
          thinkMs,
          durationMs: durationSec * 1000,
          teamOrderToken,
          pay: (url) => stack.pay(url),
        }),
      ),
    );
    const checkouts = runs.reduce((sum, run) => sum + run.checkouts, 0);
    const payments = runs.reduce((sum, run) => sum + run.payments, 0);
    const elapsedSec = (performance.now() - started) / 1000;
    const rows = STEPS.map((step) => rowOf(step, recorder, elapsedSec));
    const requests = rows.reduce((sum, row) => sum + row.requests, 0);
    return {
      name,
      shoppers,
      thinkMs,
      durationSec: Math.round(elapsedSec * 10) / 10,
      requestsPerSecond: Math.round(requests / elapsedSec),
      rows,
      connectionErrors: recorder.connectionErrors,
      failureSamples: recorder.failureSamples,
      checkouts,
      payments,
    };
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const stack = await startLoadStack(options.replicas);
  try {
    const phases = [await runPhase(stack, 'shoppers', options.shoppers, options.thinkMs, options.durationSec)];
    if (options.capacityDurationSec > 0) {
      phases.push(await runPhase(stack, 'capacity', options.shoppers, 0, options.capacityDurationSec));
    }
    const queuesDrained = await stack.drainQueues(DRAIN_TIMEOUT_MS);
    const paid = await stack.store.query(COLLECTIONS.orders, { where: [['status', '==', 'paid']] });
    const orders = await stack.store.query<{ number?: string }>(COLLECTIONS.orders);
    const numbers = orders.docs.flatMap((d) => (d.data.number ? [d.data.number] : []));
    return {
      options,
      phases: phases.map(({ checkouts: _c, payments: _p, ...phase }) => phase),
      checkoutsStarted: phases.reduce((sum, phase) => sum + phase.checkouts, 0),
      ordersRecorded: orders.docs.length,
      paymentsMade: phases.reduce((sum, phase) => sum + phase.payments, 0),
      ordersPaid: paid.docs.length,
      queuesDrained,
      duplicateOrderNumbers: numbers.length - new Set(numbers).size,
      liveUpdates: stack.liveUpdates,
      scheduledSyncs: await stack.scheduledSyncs(),
    };
  } finally {
    await stack.close();
  }
}

/** The target steps whose p99 is over the target in the shoppers phase. */
export function missedTargets(report: LoadReport): LoadRow[] {
  const shoppers = report.phases.find((phase) => phase.name === 'shoppers');
  return (shoppers?.rows ?? []).filter((row) => TARGET_STEPS.includes(row.step) && row.p99Ms >= LATENCY_TARGET_MS);
}

/**
 * Errors of any kind: non-2xx or wrong answers, unanswered requests, an order lost or doubled, a
 * payment that did not become a paid order, order jobs left undone.
 */
export function failed(report: LoadReport): boolean {
  const errors = report.phases.some((phase) => phase.rows.some((row) => row.errors > 0) || phase.connectionErrors > 0);
  return (
    errors ||
    report.ordersRecorded !== report.checkoutsStarted ||
    report.ordersPaid !== report.paymentsMade ||
    !report.queuesDrained ||
    report.duplicateOrderNumbers > 0 ||
    report.liveUpdates.some((arrived) => !arrived) ||
    report.scheduledSyncs.slotsRunTwice > 0
  );
}

function phaseTable(phase: PhaseReport): string[] {
  const pause =
    phase.thinkMs > 0 ? `pausing ${phase.thinkMs} ms on average between steps` : 'with no pause between steps';
  return [
    `### ${phase.name === 'shoppers' ? 'Shoppers' : 'Capacity'}: ${phase.shoppers} shoppers ${pause}, ${phase.durationSec} s, ${phase.requestsPerSecond} requests/s in all`,
    '',
    '| step | requests | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...phase.rows.map(
      (r) => `| ${r.step} | ${r.requests} | ${r.perSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.errors} |`,
    ),
    '',
    `Requests that got no answer (refused, reset, timed out): ${phase.connectionErrors}.`,
    ...(phase.failureSamples.length > 0 ? ['', 'First failures:', ...phase.failureSamples.map((s) => `- ${s}`)] : []),
    '',
  ];
}

export function formatReport(report: LoadReport): string {
  const missed = missedTargets(report);
  const verdict =
    missed.length === 0
      ? `met: every catalogue and cart step has p99 under ${LATENCY_TARGET_MS} ms with ${report.options.shoppers} shoppers`
      : `MISSED: ${missed.map((r) => `${r.step} p99 ${r.p99Ms} ms`).join(', ')} (target under ${LATENCY_TARGET_MS} ms)`;
  const { replicas } = report.options;
  const layout =
    replicas === 1
      ? 'the API in its own process; the workers, both sandboxes and the shoppers in another'
      : `${replicas} API processes and ${replicas} sets of workers (each with Redis connections of its own) on one Redis and one SQLite file, the shoppers spread evenly over the APIs`;
  return [
    `# Load test${replicas === 1 ? '' : `: ${replicas} replicas`}`,
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores (1-minute load average ${os.loadavg()[0].toFixed(1)} at the end: the machine may be shared), Node ${process.version}, against 127.0.0.1: ${layout}.`,
    '',
    ...report.phases.flatMap(phaseTable),
    `Orders: ${report.checkoutsStarted} checkouts started, ${report.ordersRecorded} orders recorded; ${report.paymentsMade} payments made, ${report.ordersPaid} orders paid; order queues ${report.queuesDrained ? 'drained' : 'NOT drained'} after the run; ${report.duplicateOrderNumbers} orders sharing a number.`,
    '',
    `Live catalogue: a stream opened on each API before the seeding sync ${report.liveUpdates.every(Boolean) ? 'got' : 'did NOT get'} the synced catalogue (${report.liveUpdates.map((arrived, i) => `API ${i + 1}: ${arrived ? 'yes' : 'no'}`).join(', ')}).`,
    ...(report.options.replicas > 1
      ? [
          '',
          `Scheduled syncs: every worker set scheduled the incremental sync every 5 s; ${report.scheduledSyncs.runs} scheduled runs recorded in syncRuns, ${report.scheduledSyncs.slotsRunTwice} slots run more than once.`,
        ]
      : []),
    '',
    `Target (shoppers phase): ${verdict}.`,
    `Errors: ${failed(report) ? 'YES (see the errors columns and the orders line)' : 'none'}.`,
    '',
  ].join('\n');
}

export function parseLoadOptions(argv: string[], env: NodeJS.ProcessEnv): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      shoppers: { type: 'string' },
      'think-ms': { type: 'string' },
      'capacity-duration': { type: 'string' },
      replicas: { type: 'string' },
    },
  });
  const parsed = loadOptionsSchema.safeParse({
    durationSec: values.duration ?? env.LOAD_DURATION,
    shoppers: values.shoppers ?? env.LOAD_SHOPPERS,
    thinkMs: values['think-ms'] ?? env.LOAD_THINK_MS,
    capacityDurationSec: values['capacity-duration'] ?? env.LOAD_CAPACITY_DURATION,
    replicas: values.replicas ?? env.LOAD_REPLICAS,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/** Where the replicated run's section starts in the report file. */
const REPLICAS_MARKER = '<!-- replicated run -->';

/**
 * The report file with this run's section in place: the one-replica run on top, the replicated
 * run below it, each run replacing only its own section.
 */
export function mergeReport(existing: string, text: string, replicas: number): string {
  const at = existing.indexOf(REPLICAS_MARKER);
  const single = at === -1 ? existing : existing.slice(0, at);
  const replicated = at === -1 ? '' : existing.slice(at);
  return replicas === 1
    ? `${text.trimEnd()}\n\n${replicated}`.trimEnd() + '\n'
    : `${single.trimEnd()}\n\n${REPLICAS_MARKER}\n\n${text.trimEnd()}\n`;
}

async function main() {
  const options = parseLoadOptions(process.argv.slice(2), process.env);
  const report = await runLoad(options);
  const text = formatReport(report);
  console.log(text);
  mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  const existing = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '';
  writeFileSync(REPORT_FILE, mergeReport(existing, text, options.replicas));
  console.log(`(written to ${path.relative(process.cwd(), REPORT_FILE)})`);
  if (failed(report) || missedTargets(report).length > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
