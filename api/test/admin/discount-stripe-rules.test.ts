import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers } from './admin-users.js';

// Making a discount code where Stripe's own rules could refuse it: a last day beyond the 5 years
// Stripe allows for a coupon, and a code made again after its first answer was lost. The admin
// reads what to do, and nothing is half made at Stripe or in the store.

let t: TestApp;
let sandbox: StripeSandbox;
let admin: Record<string, string>;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/none', webhookSecret: 'whsec_codes_here' });
  t = await createTestApp({ STRIPE_API_URL: sandbox.url });
  admin = (await adminCallers(t.store)).claimAdmin;
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const create = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/discounts', headers: admin, payload });
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const promotionsFor = (code: string) => [...sandbox.discounts.promotionCodes.values()].filter((p) => p.code === code);

describe('a last day further ahead than Stripe allows', () => {
  it('answers 400 naming endsAt and asks Stripe for nothing', async () => {
    const couponsBefore = sandbox.discounts.coupons.size;
    const answer = await create({ code: 'FAR-AWAY', kind: 'percent', value: 10, endsAt: daysAhead(6 * 365) });
    expect(answer.statusCode).toBe(400);
    const { error } = answer.json();
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('endsAt');
    expect(error.message).toMatch(/5 years/);
    expect(sandbox.discounts.coupons.size).toBe(couponsBefore);
    expect(promotionsFor('FAR-AWAY')).toHaveLength(0);
    expect(await t.store.get(COLLECTIONS.discounts, 'FAR-AWAY')).toBeNull();
  });

  it('accepts a last day within the 5 years', async () => {
    const endsAt = daysAhead(4 * 365);
    const answer = await create({ code: 'NEAR-ENOUGH', kind: 'percent', value: 10, endsAt });
    expect(answer.statusCode).toBe(201);
    const [promo] = promotionsFor('NEAR-ENOUGH');
    expect(promo.expires_at).toBe(Math.floor(Date.parse(endsAt) / 1000));
  });
});

describe('a code made again after its first answer was lost', () => {
  it('is made with the new settings instead of failing as "payments unavailable"', async () => {
    const first = await create({ code: 'AGAIN-10', kind: 'percent', value: 10, maxRedemptions: 5 });
    expect(first.statusCode).toBe(201);
    // Stripe made the code, but the store never kept it (the answer was lost on the way back).
    await t.store.delete(COLLECTIONS.discounts, 'AGAIN-10');

    const again = await create({ code: 'AGAIN-10', kind: 'percent', value: 10, maxRedemptions: 50 });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().discount).toMatchObject({ code: 'AGAIN-10', maxRedemptions: 50, active: true });
    // Shoppers can redeem only the new one: the one nobody kept is switched off at Stripe.
    const active = promotionsFor('AGAIN-10').filter((p) => p.active);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ id: again.json().discount.stripePromotionCodeId, max_redemptions: 50 });
  });

  it('with the same settings reuses what Stripe already made', async () => {
    const first = await create({ code: 'SAME-AGAIN', kind: 'amount', value: 5 });
    expect(first.statusCode).toBe(201);
    await t.store.delete(COLLECTIONS.discounts, 'SAME-AGAIN');
    const again = await create({ code: 'SAME-AGAIN', kind: 'amount', value: 5 });
    expect(again.statusCode).toBe(201);
    expect(again.json().discount.stripeCouponId).toBe(first.json().discount.stripeCouponId);
    expect(promotionsFor('SAME-AGAIN').filter((p) => p.active)).toHaveLength(1);
  });
});
