import { describe, expect, it } from 'vitest';
import {
  FULFILMENT_HELD_FOR_ADDRESS,
  fulfilmentInWords,
  fulfilmentLabel,
  ORDER_STAGE_WORDS,
  orderStage,
  productionLabel,
} from '../../src/domain/order/index.js';

// One vocabulary for an order (docs/promises.md#order-states-in-words): the shopper's pages, the
// admin's pages and the e-mails read an order's stage and its production in words from this one
// place, so they cannot name one order four ways.

const STATUSES = [
  'none',
  'draft',
  'pending',
  'inprocess',
  'onhold',
  FULFILMENT_HELD_FOR_ADDRESS,
  'failed',
  'canceled',
  'partial',
  'fulfilled',
  'shipped',
  'archived',
  'returned',
];
const soon = new Date(Date.now() + 3_600_000).toISOString();

describe("an order's words", () => {
  it("the history's sentences and the labels say the same thing for every print partner status", () => {
    for (const status of STATUSES) {
      expect(fulfilmentInWords(status), status).toBe(fulfilmentLabel(status).toLowerCase());
      // Words, never the stored code.
      expect(fulfilmentLabel(status), status).not.toMatch(/held-address|inprocess|canceled|:/);
    }
  });

  it('an order waiting out its change window is "Not yet made" as its stage and as its production, whatever Printful holds', () => {
    for (const fulfilmentStatus of ['none', 'draft']) {
      const order = {
        status: 'paid' as const,
        fulfilmentStatus,
        secondChance: { changeableUntil: soon, cancellation: null },
      };
      expect(ORDER_STAGE_WORDS[orderStage(order as never)].label).toBe('Not yet made');
      expect(productionLabel(order as never)).toBe('Not yet made');
    }
  });

  it('an order being made, on hold or shipped reads the same as a stage and as production', () => {
    const cases: Array<[string, string]> = [
      ['inprocess', 'Being made'],
      ['onhold', 'On hold'],
      ['fulfilled', 'On its way'],
    ];
    for (const [fulfilmentStatus, stageLabel] of cases) {
      const order = {
        status: fulfilmentStatus === 'fulfilled' ? ('shipped' as const) : ('paid' as const),
        fulfilmentStatus,
      };
      expect(ORDER_STAGE_WORDS[orderStage(order)].label, fulfilmentStatus).toBe(stageLabel);
    }
    expect(productionLabel({ status: 'paid', fulfilmentStatus: 'inprocess' })).toBe('Being made');
    expect(productionLabel({ status: 'paid', fulfilmentStatus: 'onhold' })).toBe('On hold');
    expect(productionLabel({ status: 'paid', fulfilmentStatus: FULFILMENT_HELD_FOR_ADDRESS })).toBe(
      'On hold for the address',
    );
  });

  it('a cancelled order is cancelled in production too, before Printful has said so', () => {
    const order = {
      status: 'refunded' as const,
      fulfilmentStatus: 'draft',
      secondChance: { cancellation: 'cancelled' },
    };
    expect(ORDER_STAGE_WORDS[orderStage(order as never)].label).toBe('Cancelled');
    expect(productionLabel(order as never)).toBe('Cancelled');
  });
});
