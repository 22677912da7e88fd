import { describe, expect, it } from 'vitest';
import { STEPS, TARGET_STEPS } from '../load/shopper-flow.js';
import {
  failed,
  formatReport,
  missedTargets,
  parseLoadOptions,
  runLoad,
  type LoadReport,
  type PhaseReport,
} from '../load/run.js';

// `npm run load` itself, at a small scale (a few shoppers for a few seconds) so that it runs with
// every `npm test`: the tool that gives docs/performance.md its load figures must keep driving the real
// stack, count what it sees, and say when the store misses its target.

describe('npm run load, at a small scale', () => {
  it('takes shoppers through every step of a visit on the real stack: one order per checkout, every payment paid', async () => {
    const report = await runLoad({ durationSec: 4, shoppers: 5, thinkMs: 20, capacityDurationSec: 2, replicas: 1 });

    expect(report.phases.map((phase) => [phase.name, phase.thinkMs])).toEqual([
      ['shoppers', 20],
      ['capacity', 0],
    ]);
    for (const phase of report.phases) {
      expect(phase.rows.map((row) => row.step)).toEqual([...STEPS]);
      for (const row of phase.rows) {
        expect(row.requests, `${phase.name}: ${row.step}`).toBeGreaterThan(0);
        expect(row.errors, `${phase.name}: ${row.step} (${phase.failureSamples.join('; ')})`).toBe(0);
        expect(row.p50Ms).toBeLessThanOrEqual(row.p99Ms);
      }
      expect(phase.connectionErrors).toBe(0);
    }
    expect(report.checkoutsStarted).toBeGreaterThan(0);
    expect(report.ordersRecorded).toBe(report.checkoutsStarted);
    expect(report.paymentsMade).toBeGreaterThan(0);
    expect(report.ordersPaid).toBe(report.paymentsMade);
    expect(report.queuesDrained).toBe(true);
    expect(failed(report)).toBe(false);
    expect(report.duplicateOrderNumbers).toBe(0);
    expect(formatReport(report)).toContain('Errors: none.');
  });

  it('with two API replicas and two sets of workers on one Redis and one store: one order per checkout, unique numbers, live updates on both APIs, each scheduled sync run once', async () => {
    const report = await runLoad({ durationSec: 4, shoppers: 6, thinkMs: 20, capacityDurationSec: 0, replicas: 2 });
    const [shoppers] = report.phases;
    for (const row of shoppers.rows) {
      expect(row.errors, `${row.step} (${shoppers.failureSamples.join('; ')})`).toBe(0);
    }
    expect(shoppers.connectionErrors).toBe(0);
    expect(report.checkoutsStarted).toBeGreaterThan(0);
    expect(report.ordersRecorded).toBe(report.checkoutsStarted);
    expect(report.paymentsMade).toBeGreaterThan(0);
    expect(report.ordersPaid).toBe(report.paymentsMade);
    expect(report.duplicateOrderNumbers).toBe(0);
    expect(report.queuesDrained).toBe(true);
    expect(report.liveUpdates).toEqual([true, true]);
    expect(report.scheduledSyncs.runs).toBeGreaterThan(0);
    expect(report.scheduledSyncs.slotsRunTwice).toBe(0);
    expect(formatReport(report)).toContain('# Load test: 2 replicas');
  });

  it('reports a missed latency target and any error', () => {
    const phase = (p99Ms: number, errors: number): PhaseReport => ({
      name: 'shoppers',
      shoppers: 200,
      thinkMs: 1000,
      durationSec: 60,
      requestsPerSecond: 190,
      rows: STEPS.map((step) => ({ step, requests: 100, perSecond: 2, p50Ms: 5, p95Ms: 10, p99Ms, errors })),
      connectionErrors: 0,
      failureSamples: [],
    });
    const report = (p99Ms: number, errors = 0): LoadReport => ({
      options: { durationSec: 60, shoppers: 200, thinkMs: 1000, capacityDurationSec: 0, replicas: 1 },
      phases: [phase(p99Ms, errors)],
      checkoutsStarted: 10,
      ordersRecorded: 10,
      paymentsMade: 3,
      ordersPaid: 3,
      queuesDrained: true,
      duplicateOrderNumbers: 0,
      liveUpdates: [true],
      scheduledSyncs: { runs: 0, slotsRunTwice: 0 },
    });

    expect(missedTargets(report(40))).toEqual([]);
    expect(formatReport(report(40))).toContain('Target (shoppers phase): met');
    expect(missedTargets(report(150)).map((row) => row.step)).toEqual([...TARGET_STEPS]);
    expect(formatReport(report(150))).toContain('MISSED: browse p99 150 ms');
    expect(failed(report(40))).toBe(false);
    expect(failed(report(40, 1))).toBe(true);
    expect(failed({ ...report(40), ordersPaid: 2 })).toBe(true);
    expect(failed({ ...report(40), ordersRecorded: 11 })).toBe(true);
    expect(failed({ ...report(40), queuesDrained: false })).toBe(true);
    expect(failed({ ...report(40), duplicateOrderNumbers: 1 })).toBe(true);
    expect(failed({ ...report(40), liveUpdates: [true, false] })).toBe(true);
    expect(failed({ ...report(40), scheduledSyncs: { runs: 4, slotsRunTwice: 1 } })).toBe(true);
  });

  it('reads its options from flags or the environment and refuses bad values by name', () => {
    expect(parseLoadOptions([], {})).toEqual({
      durationSec: 60,
      shoppers: 200,
      thinkMs: 1000,
      capacityDurationSec: 15,
      replicas: 1,
    });
    expect(
      parseLoadOptions(['--shoppers', '50', '--think-ms', '0', '--replicas', '2'], { LOAD_DURATION: '10' }),
    ).toEqual({
      durationSec: 10,
      shoppers: 50,
      thinkMs: 0,
      capacityDurationSec: 15,
      replicas: 2,
    });
    expect(() => parseLoadOptions(['--shoppers', 'many'], {})).toThrow('--shoppers must be a number');
    expect(() => parseLoadOptions(['--duration', '0'], {})).toThrow('--duration must be at least 1');
    expect(() => parseLoadOptions(['--think-ms', '2.5'], {})).toThrow('--think-ms must be a whole number');
    expect(() => parseLoadOptions(['--speed', '9'], {})).toThrow(/speed/);
  });
});
