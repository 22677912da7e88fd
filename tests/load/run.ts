import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startLoadStack } from './load-stack.js';
import { STEPS, StepRecorder, shopperFlow, type Step } from './shopper-flow.js';

// `npm run load`: virtual shoppers against the whole store running in this process (see
// load-stack.ts), each visit a new guest browsing, searching, viewing a product, adding it to the
// cart, reading the cart and starting a checkout; every PAY_EVERY-th checkout is paid on the
// Stripe sandbox's hosted page, which delivers the signed webhook to the API before it answers.
// Prints a markdown table per step and exits non-zero on any error.
//   npm run load -- --duration 60 --connections 200   (or LOAD_DURATION / LOAD_CONNECTIONS)

export interface LoadOptions {
  durationSec: number;
  connections: number;
}

export interface LoadRow {
  step: Step | 'connection errors';
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, or for the connection row, socket errors and timeouts. */
  errors: number;
}

export interface LoadReport {
  options: LoadOptions;
  rows: LoadRow[];
  /** Orders the Stripe webhook turned into paid, out of the payments made. */
  ordersPaid: number;
  paymentsMade: number;
  /** Whether the orders and notifications queues were empty within the grace period after the run. */
  queuesDrained: boolean;
}

const PAY_EVERY = 5;
const MAX_PAYMENTS_IN_FLIGHT = 16;
const DRAIN_TIMEOUT_MS = 60_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function rowOf(step: LoadRow['step'], samples: number[], errors: number, durationSec: number): LoadRow {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    step,
    requests: sorted.length,
    perSecond: Math.round((sorted.length / durationSec) * 10) / 10,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    errors,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const stack = await startLoadStack();
  try {
    const recorder = new StepRecorder();
    let checkouts = 0;
    let paymentsMade = 0;
    const payments = new Set<Promise<void>>();
    const onCheckout = (sessionUrl: string) => {
      if (++checkouts % PAY_EVERY !== 0 || payments.size >= MAX_PAYMENTS_IN_FLIGHT) return;
      const started = performance.now();
      const payment = stack
        .pay(sessionUrl)
        .then(
          () => recorder.record('pay (sandbox + webhook)', performance.now() - started, true),
          () => recorder.record('pay (sandbox + webhook)', performance.now() - started, false),
        )
        .finally(() => payments.delete(payment));
      paymentsMade++;
      payments.add(payment);
    };

    const result = await autocannon({
      url: stack.apiUrl,
      connections: options.connections,
      duration: options.durationSec,
      requests: shopperFlow({ products: stack.products, recorder, onCheckout }),
    });
    await Promise.all(payments);
    const queuesDrained = await stack.drainQueues(DRAIN_TIMEOUT_MS);
    const paid = await stack.store.query('orders', { where: [['status', '==', 'paid']] });

    const steps: Step[] = [...STEPS, 'pay (sandbox + webhook)'];
    const rows = steps.map((step) =>
      rowOf(step, recorder.latencies.get(step) ?? [], recorder.failures.get(step) ?? 0, result.duration),
    );
    rows.push({
      step: 'connection errors',
      requests: 0,
      perSecond: 0,
      p50Ms: 0,
      p95Ms: 0,
      p99Ms: 0,
      errors: result.errors,
    });
    return { options, rows, ordersPaid: paid.docs.length, paymentsMade, queuesDrained };
  } finally {
    await stack.close();
  }
}

export function formatReport(report: LoadReport): string {
  const header = '| step | requests | req/s | p50 ms | p95 ms | p99 ms | errors |';
  const lines = report.rows.map((r) =>
    r.step === 'connection errors'
      ? `| ${r.step} (socket errors, timeouts) | | | | | | ${r.errors} |`
      : `| ${r.step} | ${r.requests} | ${r.perSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.errors} |`,
  );
  return [
    `Load: ${report.options.connections} shoppers for ${report.options.durationSec} s against 127.0.0.1 (the API in its own process; workers, sandboxes and the load generator in this one)`,
    '',
    header,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    `Payments: ${report.paymentsMade} made, ${report.ordersPaid} orders paid; queues ${report.queuesDrained ? 'drained' : 'NOT drained'} after the run.`,
  ].join('\n');
}

/** Errors of any kind: non-2xx answers, socket errors, payments that did not become paid orders. */
export function failed(report: LoadReport): boolean {
  return report.rows.some((r) => r.errors > 0) || report.ordersPaid !== report.paymentsMade || !report.queuesDrained;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({ options: { duration: { type: 'string' }, connections: { type: 'string' } } });
  const options = {
    durationSec: positiveInt(values.duration ?? process.env.LOAD_DURATION, 60, '--duration'),
    connections: positiveInt(values.connections ?? process.env.LOAD_CONNECTIONS, 200, '--connections'),
  };
  const report = await runLoad(options);
  console.log(formatReport(report));
  if (failed(report)) {
    console.error('load test: errors occurred (see the errors column and the payments line)');
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
