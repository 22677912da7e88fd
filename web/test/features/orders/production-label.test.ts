import { describe, expect, it } from 'vitest';
import { productionLabel } from '../../../src/lib/orders/order-status-text';

// The shopper's "Production" fact says "Not yet made" while the grace period lasts, the stage's
// own word, and the print partner's status after it (docs/promises.md#order-states-in-words).

describe('productionLabel', () => {
  const until = new Date(Date.now() + 30 * 60_000).toISOString();
  it('reads "Not yet made" for a draft within its grace period', () => {
    expect(
      productionLabel({
        status: 'paid',
        fulfilmentStatus: 'draft',
        secondChance: { changeableUntil: until, cancellation: null },
      }),
    ).toBe('Not yet made');
  });
  it('reads the print partner’s status once it has gone to print', () => {
    expect(
      productionLabel({
        status: 'paid',
        fulfilmentStatus: 'pending',
        secondChance: { changeableUntil: null, cancellation: null },
      }),
    ).toBe('In the production queue');
  });
});
