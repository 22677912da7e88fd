import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import {
  canCancelNow,
  cancelDecision,
  holdUntil,
  isDueForRelease,
  orderStage,
  releaseJobId,
  secondChanceOf,
} from '../../src/domain/order/index.js';
import type { Order } from '../../src/schemas/order.js';

// The grace period's rules (docs/after-payment.md#the-grace-period-before-production): what a
// shopper's "cancel" does at each moment of an order's life, and what the pages say.

const PAID_AT = new Date('2026-11-27T10:00:00.000Z');
const minutesAfter = (m: number) => new Date(PAID_AT.getTime() + m * 60_000);

type Facts = Pick<Order, 'status' | 'fulfilment' | 'hold' | 'cancellation'>;
const held = (overrides: Partial<Facts> = {}): Facts => ({
  status: 'paid',
  fulfilment: { provider: 'printful', orderId: 1, status: 'draft' },
  hold: { until: holdUntil(PAID_AT, 60)!, releasedAt: null },
  cancellation: null,
  ...overrides,
});

describe('the grace period', () => {
  it('lasts ORDER_GRACE_MINUTES from payment, and 0 means none', () => {
    expect(holdUntil(PAID_AT, 60)).toBe('2026-11-27T11:00:00.000Z');
    expect(holdUntil(PAID_AT, 0.5)).toBe('2026-11-27T10:00:30.000Z');
    expect(holdUntil(PAID_AT, 0)).toBeNull();
  });

  it('within the hour a cancel cancels; at its end the release is due and a cancel becomes a request', () => {
    expect(cancelDecision(held(), minutesAfter(59))).toEqual({ kind: 'cancel' });
    expect(isDueForRelease(held(), minutesAfter(59))).toBe(false);
    expect(canCancelNow(held(), minutesAfter(60))).toBe(false);
    expect(isDueForRelease(held(), minutesAfter(60))).toBe(true);
    expect(cancelDecision(held(), minutesAfter(60))).toEqual({ kind: 'request' });
    const released = held({
      hold: { until: holdUntil(PAID_AT, 60)!, releasedAt: minutesAfter(60).toISOString() },
      fulfilment: { provider: 'printful', orderId: 1, status: 'pending' },
    });
    expect(cancelDecision(released, minutesAfter(61))).toEqual({ kind: 'request' });
    // An order confirmed at once (never held) can only be asked about too.
    expect(cancelDecision(held({ hold: null }), minutesAfter(1))).toEqual({ kind: 'request' });
  });

  it('refuses with why: twice, unpaid, refunded, shipped', () => {
    const refused = (facts: Facts) => cancelDecision(facts, minutesAfter(5));
    expect(refused(held({ cancellation: { kind: 'cancelled', at: PAID_AT.toISOString(), settledAt: null } }))).toEqual({
      kind: 'refused',
      code: 'aborted',
      message: MESSAGES.orderAlreadyCancelled,
    });
    expect(refused(held({ cancellation: { kind: 'requested', at: PAID_AT.toISOString(), settledAt: null } }))).toEqual({
      kind: 'refused',
      code: 'aborted',
      message: MESSAGES.orderCancelAlreadyRequested,
    });
    for (const status of ['pending', 'failed', 'expired'] as const)
      expect(refused(held({ status }))).toMatchObject({ kind: 'refused', message: MESSAGES.orderCancelNotPaid });
    expect(refused(held({ status: 'refunded' }))).toMatchObject({ message: MESSAGES.orderCancelRefunded });
    expect(refused(held({ status: 'shipped' }))).toMatchObject({ message: MESSAGES.orderCancelShipped });
  });

  it('the shopper reads "Not yet made" while it can be cancelled, then "Being made", or "Cancelled"', () => {
    const during = secondChanceOf(held(), minutesAfter(10));
    expect(during).toEqual({
      changeableUntil: '2026-11-27T11:00:00.000Z',
      cancellation: null,
      changes: 0,
      decision: null,
    });
    expect(orderStage({ status: 'paid', fulfilmentStatus: 'draft', secondChance: during }, minutesAfter(10))).toBe(
      'changeable',
    );
    expect(orderStage({ status: 'paid', fulfilmentStatus: 'draft', secondChance: during }, minutesAfter(61))).toBe(
      'in-production',
    );
    const cancelled = secondChanceOf(
      held({ cancellation: { kind: 'cancelled', at: PAID_AT.toISOString(), settledAt: null } }),
    );
    expect(orderStage({ status: 'paid', secondChance: cancelled })).toBe('cancelled');
    expect(orderStage({ status: 'refunded', secondChance: cancelled })).toBe('cancelled');
    // Orders never held read as before.
    expect(secondChanceOf(held({ hold: null }))).toBeUndefined();
  });

  it('names one release job per hold end', () => {
    expect(releaseJobId('ord_1', '2026-11-27T11:00:00.000Z')).toBe('release-ord_1-1795777200000');
    expect(releaseJobId('ord_1', '2026-11-27T11:00:00.000Z')).not.toContain(':');
  });
});
