import { AppError, MESSAGES } from '@shop/shared';
import { REDEEMED_ORDER_STATUSES } from '@shop/shared/domain/discount';
import { discountDocSchema, type AdminDiscount, type CreateDiscountBody, type DiscountDoc } from '@shop/shared/schemas';
import { COLLECTIONS, getReadableDoc, scanDocs } from '@shop/shared/server/collections';
import { closeOpenCheckoutsWithCode } from '@shop/shared/server/discounts';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Stripe } from '../stripe/stripe-client.js';
import { createStripeDiscount, setStripePromotionActive, stripeCall } from '../stripe/stripe-discounts.js';

// The studio's side of discount codes: creating one (in Stripe first, then here), listing them with
// their redemptions, and switching one on or off. The shopper's side, the code a cart carries and
// its checks, is discount-service.ts.

export interface StudioCodeDeps {
  store: DocumentStore;
  orders: Pick<OrderRecords, 'countOrdersWithCode' | 'pendingOrdersWithCode'>;
  stripe: Stripe;
  now: () => Date;
}

function readCode(deps: StudioCodeDeps, code: string): Promise<DiscountDoc | null> {
  return getReadableDoc(deps.store, COLLECTIONS.discounts, code);
}

export async function createCode(deps: StudioCodeDeps, body: CreateDiscountBody, by: string): Promise<AdminDiscount> {
  if (await readCode(deps, body.code)) throw new AppError('aborted', MESSAGES.discountCodeTaken(body.code));
  const stripe = await createStripeDiscount(deps.stripe, body);
  const at = deps.now().toISOString();
  const doc: DiscountDoc = {
    id: body.code,
    code: body.code,
    kind: body.kind,
    value: body.value,
    minSubtotal: body.minSubtotal ?? null,
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
    maxRedemptions: body.maxRedemptions ?? null,
    active: true,
    stripeCouponId: stripe.couponId,
    stripePromotionCodeId: stripe.promotionCodeId,
    createdAt: at,
    createdBy: by,
    updatedAt: at,
  };
  // The code is the document id, so two creates of one code cannot both land.
  const created = await deps.store.transaction(async (tx) => {
    if (await tx.get(COLLECTIONS.discounts, doc.id)) return false;
    tx.set(COLLECTIONS.discounts, doc.id, discountDocSchema.parse(doc));
    return true;
  });
  if (!created) throw new AppError('aborted', MESSAGES.discountCodeTaken(body.code));
  return { ...doc, redemptions: 0 };
}

export async function listCodes(deps: StudioCodeDeps): Promise<AdminDiscount[]> {
  const docs: DiscountDoc[] = [];
  await scanDocs(deps.store, COLLECTIONS.discounts, (doc) => docs.push(doc.data));
  docs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return Promise.all(docs.map(async (doc) => ({ ...doc, redemptions: await redemptionsOf(deps, doc.code) })));
}

export async function setCodeActive(deps: StudioCodeDeps, id: string, active: boolean): Promise<AdminDiscount> {
  const doc = await readCode(deps, id);
  if (!doc) throw new AppError('not-found', MESSAGES.discountIdNotFound(id));
  await setStripePromotionActive(deps.stripe, doc.stripePromotionCodeId, active);
  const updated = { ...doc, active, updatedAt: deps.now().toISOString() };
  await deps.store.update(COLLECTIONS.discounts, doc.id, { active, updatedAt: updated.updatedAt });
  // A hosted page opened before keeps its discount: those still open are closed now.
  if (!active) await stripeCall(() => closeOpenCheckoutsWithCode(deps.store, deps.orders, deps.stripe, doc.code));
  return { ...updated, redemptions: await redemptionsOf(deps, doc.code) };
}

/** Paid orders that carried the code: counted from the orders, so nothing every checkout writes is shared. */
export async function redemptionsOf(deps: StudioCodeDeps, code: string): Promise<number> {
  return deps.orders.countOrdersWithCode(code, REDEEMED_ORDER_STATUSES);
}
