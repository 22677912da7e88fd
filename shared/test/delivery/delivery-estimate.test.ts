import { describe, expect, it } from 'vitest';
import { addBusinessDays, formatDeliveryEstimate, shippingOptionLabel } from '../../src/domain/delivery/index.js';

// Delivery estimates in words (docs/rules.md#what-a-merch-shopper-expects).

// Monday 24 November 2026, noon UTC.
const now = new Date('2026-11-24T12:00:00Z');

describe('formatDeliveryEstimate', () => {
  it('reads "Arrives Fri, Nov 28 - Mon, Dec 1" style in US English, counting business days', () => {
    expect(formatDeliveryEstimate({ minDeliveryDays: 3, maxDeliveryDays: 5 }, { now, locale: 'en-US' })).toBe(
      'Arrives Fri, Nov 27 - Tue, Dec 1',
    );
  });

  it("writes the dates in the shopper's locale", () => {
    const british = formatDeliveryEstimate({ minDeliveryDays: 3, maxDeliveryDays: 5 }, { now, locale: 'en-GB' });
    expect(british).toBe('Arrives Fri 27 Nov - Tue 1 Dec');
  });

  it('gives one date for a one-day window and nothing without delivery days', () => {
    expect(formatDeliveryEstimate({ minDeliveryDays: 2, maxDeliveryDays: 2 }, { now, locale: 'en-US' })).toBe(
      'Arrives Thu, Nov 26',
    );
    expect(formatDeliveryEstimate({}, { now })).toBeNull();
  });

  it('skips weekends', () => {
    expect(addBusinessDays(new Date('2026-11-27T12:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-30');
  });
});

describe('shippingOptionLabel', () => {
  it("drops the provider's cryptic date note from the option's name", () => {
    expect(shippingOptionLabel('Flat Rate (Estimated delivery: 11-28–12-01)')).toBe('Flat Rate');
    expect(shippingOptionLabel('Express')).toBe('Express');
  });
});
