import { describe, expect, it } from 'vitest';
import { AppError, MESSAGES } from '../../src/errors/index.js';
import { assessDiscount, discountOffCents, judgeDiscount, marginFloorCents } from '../../src/domain/discount/index.js';
import { createDiscountBodySchema, type DiscountDoc } from '../../src/schemas/discount-codes.js';

// docs/rules.md#what-a-merch-shopper-expects: when a code may be used, and the margin rule, on plain numbers.

const NOW = new Date('2026-11-25T12:00:00Z');

function code(overrides: Partial<DiscountDoc> = {}): DiscountDoc {
  return {
    id: 'TEN',
    code: 'TEN',
    kind: 'percent',
    value: 10,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    active: true,
    stripeCouponId: 'c',
    stripePromotionCodeId: 'promo_c',
    createdAt: NOW.toISOString(),
    createdBy: 'admin',
    updatedAt: NOW.toISOString(),
    ...overrides,
  };
}

function refusal(run: () => unknown): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? { code: error.code, message: error.message } : null;
  }
}

const check = { subtotalCents: 5000, floorCents: 3000, redemptions: 0, now: NOW };
const gone = { code: 'not-found', message: MESSAGES.discountNotFound };
const notHere = { code: 'aborted', message: MESSAGES.discountNotApplicable };

describe('when a code may be used', () => {
  it('refuses unknown, switched-off, not-started, expired and used-up codes alike', () => {
    expect(refusal(() => assessDiscount(null, check))).toEqual(gone);
    expect(refusal(() => assessDiscount(code({ active: false }), check))).toEqual(gone);
    expect(refusal(() => assessDiscount(code({ startsAt: '2026-11-26T00:00:00Z' }), check))).toEqual(gone);
    expect(refusal(() => assessDiscount(code({ endsAt: '2026-11-25T12:00:00Z' }), check))).toEqual(gone);
    expect(refusal(() => assessDiscount(code({ maxRedemptions: 2 }), { ...check, redemptions: 2 }))).toEqual(gone);
    expect(assessDiscount(code({ maxRedemptions: 2 }), { ...check, redemptions: 1 })).toBe(500);
  });

  it('refuses below the minimum subtotal, below the margin floor, and when a cost is unknown', () => {
    expect(refusal(() => assessDiscount(code({ minSubtotal: 50.01 }), check))).toEqual(notHere);
    expect(assessDiscount(code({ minSubtotal: 50 }), check)).toBe(500);
    // 50.00 - 10% = 45.00: a floor of 45.00 passes, 45.01 does not.
    expect(assessDiscount(code(), { ...check, floorCents: 4500 })).toBe(500);
    expect(refusal(() => assessDiscount(code(), { ...check, floorCents: 4501 }))).toEqual(notHere);
    expect(refusal(() => assessDiscount(code(), { ...check, floorCents: null }))).toEqual(notHere);
  });

  it('gives the cart the same verdict without throwing: nothing off and the refusal checkout would answer', () => {
    expect(judgeDiscount(code({ minSubtotal: 50.01 }), check)).toEqual({ offCents: 0, refusal: notHere });
    expect(judgeDiscount(code({ active: false }), check)).toEqual({ offCents: 0, refusal: gone });
    expect(judgeDiscount(code(), { ...check, floorCents: 4501 })).toEqual({ offCents: 0, refusal: notHere });
    expect(judgeDiscount(code(), check)).toEqual({ offCents: 500 });
  });
});

describe('amounts', () => {
  it('rounds a percent to the cent and caps an amount at the subtotal', () => {
    expect(discountOffCents({ kind: 'percent', value: 10 }, 6299)).toBe(630);
    expect(discountOffCents({ kind: 'amount', value: 100 }, 1500)).toBe(1500);
    expect(discountOffCents({ kind: 'amount', value: 2.5 }, 1500)).toBe(250);
  });

  it('adds each unit’s cost plus the margin, rounded up to the cent; unknown cost gives no floor', () => {
    // 12.95 x 1.10 = 14.245 -> 14.25 per unit.
    expect(marginFloorCents([{ quantity: 2, cost: 12.95 }], 10)).toBe(2850);
    expect(
      marginFloorCents(
        [
          { quantity: 1, cost: 12.95 },
          { quantity: 1, cost: null },
        ],
        10,
      ),
    ).toBeNull();
  });
});

describe('the create body', () => {
  it('upper-cases the code and keeps values in range', () => {
    const twoYearsAhead = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString();
    expect(createDiscountBodySchema.parse({ code: ' spring-5 ', kind: 'percent', value: 5 }).code).toBe('SPRING-5');
    expect(
      createDiscountBodySchema.safeParse({ code: 'LATER', kind: 'percent', value: 5, endsAt: twoYearsAhead }).success,
    ).toBe(true);
    // Stripe refuses a coupon ending more than 5 years ahead, so the form does too, naming the field.
    const tooFar = createDiscountBodySchema.safeParse({
      code: 'LATER',
      kind: 'percent',
      value: 5,
      endsAt: '2099-01-31T23:59:59Z',
    });
    expect(tooFar.success).toBe(false);
    expect(tooFar.error?.issues[0]?.path).toEqual(['endsAt']);
    for (const body of [
      { code: 'AB', kind: 'percent', value: 5 },
      { code: 'A_B_C', kind: 'percent', value: 5 },
      { code: 'OK-CODE', kind: 'percent', value: 12.5 },
      { code: 'OK-CODE', kind: 'amount', value: 1.005 },
      { code: 'OK-CODE', kind: 'percent', value: 5, startsAt: '2099-12-02T00:00:00Z', endsAt: '2099-12-01T00:00:00Z' },
      { code: 'OK-CODE', kind: 'percent', value: 5, endsAt: '2020-01-31T23:59:59Z' },
    ])
      expect(createDiscountBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
