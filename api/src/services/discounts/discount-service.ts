import { AppError, DISCOUNT_HOLD_MINUTES, DISCOUNT_HOLDS_PER_CLIENT, MESSAGES } from '@shop/shared';
import {
  assessDiscount,
  cartDiscountDocId,
  judgeDiscount,
  localMarginFloorCents,
  marginFloorCents,
  type DiscountCheck,
} from '@shop/shared/domain/discount';
import { fromMinorUnits, toMinorUnits } from '@shop/shared/domain/order';
import {
  cartDiscountDocSchema,
  discountCodeSchema,
  type AdminDiscount,
  type CartDiscount,
  type CreateDiscountBody,
  type DiscountDoc,
} from '@shop/shared/schemas';
import { cartLocation, type CartKey } from '@shop/shared/server/cart';
import { COLLECTIONS, getReadableDoc } from '@shop/shared/server/collections';
import { cartHoldsUse, releaseDiscountUse, reserveDiscountUse, usesTaken } from '@shop/shared/server/discounts';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Stripe } from '../stripe/stripe-client.js';
import { z } from 'zod';
import { STORE_CURRENCY, type CurrencyCode } from '@shop/shared/domain/currency';
import { heldForNowRefusal } from './held-uses.js';
import { createCode, listCodes, redemptionsOf, setCodeActive, type StudioCodeDeps } from './studio-codes.js';

// Discount codes (docs/rules.md#what-a-merch-shopper-expects): the studio's codes, the one a cart carries, and the checks that
// keep a code from selling goods below Printful's cost plus MIN_MARGIN_PERCENT. The same checks
// run when the code is applied and again when the checkout session is made.

/** What a line needs for the checks: its price, quantity and the Printful variant it is made as. */
export interface DiscountLine {
  productId: string;
  syncVariantId: string | number | null;
  unitPrice: number;
  quantity: number;
  /** The line's US-dollar price when `unitPrice` is in another currency (docs/rules.md#local-prices). */
  usdUnitPrice?: number;
}

/** The cart's currency when not US dollars, with what its margin guard needs. */
export interface DiscountPricing {
  currency: CurrencyCode;
  rate: number;
  bufferPercent: number;
}

/** The code a checkout session carries. */
export interface CheckoutDiscount {
  code: string;
  promotionCodeId: string;
  amountOff: number;
}

export interface DiscountDeps {
  store: DocumentStore;
  orders: Pick<OrderRecords, 'countOrdersWithCode' | 'pendingOrdersWithCode'>;
  stripe: Stripe;
  minMarginPercent: number;
  now?: () => Date;
}

/** The part of a `products` document the margin check reads: each sync variant's recorded cost. */
const recordedCostsSchema = z.looseObject({
  sync_variants: z.array(z.looseObject({ id: z.number(), cost: z.number().nullable().optional() })),
});

const cartDiscountId = (key: CartKey) => cartDiscountDocId(cartLocation(key));

function subtotalCents(lines: readonly DiscountLine[], usd = false): number {
  return lines.reduce(
    (sum, line) => sum + toMinorUnits(usd ? (line.usdUnitPrice ?? line.unitPrice) : line.unitPrice) * line.quantity,
    0,
  );
}

export class DiscountService {
  constructor(private readonly deps: DiscountDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async create(body: CreateDiscountBody, by: string): Promise<AdminDiscount> {
    return createCode(this.studio(), body, by);
  }

  async list(): Promise<AdminDiscount[]> {
    return listCodes(this.studio());
  }

  async setActive(id: string, active: boolean): Promise<AdminDiscount> {
    return setCodeActive(this.studio(), id, active);
  }

  /** Paid orders that carried the code (studio-codes.ts). */
  async redemptions(code: string): Promise<number> {
    return redemptionsOf(this.studio(), code);
  }

  private studio(): StudioCodeDeps {
    return { ...this.deps, now: () => this.now() };
  }

  /** The code and what every check of docs/rules.md#what-a-merch-shopper-expects needs to judge it on these lines; nothing is stored here. */
  private async checked(
    rawCode: string,
    lines: readonly DiscountLine[],
    key?: CartKey,
    pricing?: DiscountPricing,
  ): Promise<{ doc: DiscountDoc | null; check: DiscountCheck; paid: number }> {
    const code = discountCodeSchema.safeParse(rawCode);
    const doc = code.success ? await this.read(code.data) : null;
    const uses = doc ? await this.usesAgainst(doc, key) : { paid: 0, against: 0 };
    const { minMarginPercent } = this.deps;
    const local = pricing && pricing.currency !== STORE_CURRENCY ? pricing : null;
    const floor = async () => {
      const costs = await this.costs(lines);
      return local
        ? localMarginFloorCents(costs, { ...local, minMarginPercent })
        : marginFloorCents(costs, minMarginPercent);
    };
    const check: DiscountCheck = {
      subtotalCents: subtotalCents(lines),
      ...(local ? { currency: local.currency, subtotalUsdCents: subtotalCents(lines, true) } : {}),
      floorCents: doc ? await floor() : null,
      redemptions: uses.against,
      now: this.now(),
    };
    return { doc, check, paid: uses.paid };
  }

  /**
   * The uses of a code that count against this cart: paid orders, and for a limited code the uses
   * other shoppers' open checkouts hold (this cart's own open checkout does not shut it out).
   */
  private async usesAgainst(doc: DiscountDoc, key?: CartKey): Promise<{ paid: number; against: number }> {
    const paid = await this.redemptions(doc.code);
    if (doc.maxRedemptions === null) return { paid, against: paid };
    const taken = usesTaken(doc, paid);
    const own = key && taken > paid ? await cartHoldsUse(this.deps.store, doc.code, cartDiscountId(key)) : false;
    return { paid, against: own ? taken - 1 : taken };
  }

  /** "Used up for now, frees up within N minutes" when only open checkouts' holds use the code up. */
  private async heldRefusal(doc: DiscountDoc | null, check: DiscountCheck, paid: number) {
    if (!doc?.active || doc.maxRedemptions === null || paid >= doc.maxRedemptions) return null;
    if (check.redemptions < doc.maxRedemptions) return null;
    return heldForNowRefusal(this.deps.store, doc.code, this.now());
  }

  /**
   * Checkout takes one use of a limited code for the order about to be opened, before Stripe
   * shows the page: 409 with the used-up message when every use is paid or held by another open
   * checkout. Released by `release` when that checkout does not go ahead.
   */
  async reserve(code: string, orderId: string, key: CartKey, client: string): Promise<{ until: Date | null }> {
    const doc = await this.read(code);
    const now = this.now();
    // A minute over Stripe's shortest expiry: Stripe counts it from its own creation time, a moment later.
    const until = new Date(now.getTime() + (DISCOUNT_HOLD_MINUTES + 1) * 60_000);
    const paidOrders = doc?.maxRedemptions ? await this.redemptions(code) : 0;
    const outcome = await reserveDiscountUse(this.deps.store, {
      code,
      orderId,
      cart: cartDiscountId(key),
      paidOrders,
      now,
      client: { key: client, maxHolds: DISCOUNT_HOLDS_PER_CLIENT, until },
    });
    if (outcome === 'unknown') throw new AppError('not-found', MESSAGES.discountNotFound);
    if (outcome === 'client-limit')
      throw new AppError(
        'aborted',
        MESSAGES.discountHoldsPerClient(DISCOUNT_HOLDS_PER_CLIENT, DISCOUNT_HOLD_MINUTES + 1),
      );
    if (outcome === 'used-up') {
      const held =
        doc && paidOrders < (doc.maxRedemptions ?? 0) ? await heldForNowRefusal(this.deps.store, code, now) : null;
      throw new AppError('aborted', held?.message ?? MESSAGES.discountUsedUp);
    }
    // Only a limited code's checkout holds a use, and only it must lapse soon.
    return { until: doc?.maxRedemptions != null ? until : null };
  }

  /** Gives back the use an order's checkout held (its session was closed or never opened). */
  async release(orderId: string): Promise<void> {
    await releaseDiscountUse(this.deps.store, orderId, this.now());
  }

  /** The cart's code after every check, or the refusal thrown (404 / 409); nothing is stored here. */
  async assess(
    rawCode: string,
    lines: readonly DiscountLine[],
    key?: CartKey,
    pricing?: DiscountPricing,
  ): Promise<{ doc: DiscountDoc; off: number }> {
    const { doc, check, paid } = await this.checked(rawCode, lines, key, pricing);
    const held = await this.heldRefusal(doc, check, paid);
    if (held) throw new AppError(held.code, held.message);
    const off = assessDiscount(doc, check);
    return { doc: doc as DiscountDoc, off };
  }

  /** PUT /api/cart/discount: checks the code on these lines, then remembers it for the cart. */
  async apply(key: CartKey, rawCode: string, lines: readonly DiscountLine[], pricing?: DiscountPricing): Promise<void> {
    const { doc } = await this.assess(rawCode, lines, key, pricing);
    if (lines.length === 0) throw new AppError('aborted', MESSAGES.discountNotApplicable);
    await this.deps.store.set(
      COLLECTIONS.cartDiscounts,
      cartDiscountId(key),
      cartDiscountDocSchema.parse({ code: doc.code, appliedAt: this.now().toISOString() }),
    );
  }

  async remove(key: CartKey): Promise<void> {
    await this.deps.store.delete(COLLECTIONS.cartDiscounts, cartDiscountId(key));
  }

  /** After sign-in the guest's code follows the lines into the user's cart, unless that cart has one. */
  async moveToUser(guestId: string, uid: string): Promise<void> {
    const guest = cartDiscountId({ kind: 'guest', guestId });
    const user = cartDiscountId({ kind: 'user', uid });
    await this.deps.store.transaction(async (tx) => {
      const moving = await tx.get(COLLECTIONS.cartDiscounts, guest);
      if (!moving) return;
      if (!(await tx.get(COLLECTIONS.cartDiscounts, user))) tx.set(COLLECTIONS.cartDiscounts, user, moving);
      tx.delete(COLLECTIONS.cartDiscounts, guest);
    });
  }

  /** The code the cart carries, if any. */
  async codeOf(key: CartKey): Promise<string | null> {
    const applied = await getReadableDoc(this.deps.store, COLLECTIONS.cartDiscounts, cartDiscountId(key));
    return applied?.code ?? null;
  }

  /**
   * What the cart shows: the code and what it takes off the lines as they are now, judged by the
   * checks checkout runs. A code that no longer applies (the cart fell below its minimum, a cost
   * rose, the code expired, was switched off or used up) takes nothing off and carries the refusal
   * checkout would answer; it stays with the cart, so it applies again once the cart qualifies.
   */
  async ofCart(
    key: CartKey,
    lines: readonly DiscountLine[],
    pricing?: DiscountPricing,
  ): Promise<CartDiscount | undefined> {
    const code = await this.codeOf(key);
    if (!code || lines.length === 0) return undefined;
    const { doc, check, paid } = await this.checked(code, lines, key, pricing);
    const verdict = judgeDiscount(doc, check);
    const refusal = verdict.refusal ? ((await this.heldRefusal(doc, check, paid)) ?? verdict.refusal) : undefined;
    return refusal ? { code, amountOff: 0, refusal } : { code, amountOff: fromMinorUnits(verdict.offCents) };
  }

  /** Checkout (docs/rules.md#what-a-merch-shopper-expects): the cart's code checked again on the lines as priced now. */
  async forCheckout(
    key: CartKey,
    lines: readonly DiscountLine[],
    pricing?: DiscountPricing,
  ): Promise<CheckoutDiscount | null> {
    const code = await this.codeOf(key);
    if (!code) return null;
    const { doc, check, paid } = await this.checked(code, lines, key, pricing);
    // A live code whose every use is spent or held: said plainly, as the cart carries it already,
    // with when a held use may free up.
    if (doc?.active && doc.maxRedemptions !== null && check.redemptions >= doc.maxRedemptions) {
      const held = await this.heldRefusal(doc, check, paid);
      throw new AppError('aborted', held?.message ?? MESSAGES.discountUsedUp);
    }
    const off = assessDiscount(doc, check);
    const found = doc as DiscountDoc;
    return { code: found.code, promotionCodeId: found.stripePromotionCodeId, amountOff: fromMinorUnits(off) };
  }

  private async read(code: string): Promise<DiscountDoc | null> {
    return getReadableDoc(this.deps.store, COLLECTIONS.discounts, code);
  }

  /** Printful's cost of each line's variant as the sync last recorded it; null when unknown. */
  async costs(lines: readonly DiscountLine[]) {
    const products = new Map<string, Promise<unknown>>();
    return Promise.all(
      lines.map(async (line) => {
        if (!products.has(line.productId))
          products.set(line.productId, this.deps.store.get(COLLECTIONS.products, line.productId));
        const doc = recordedCostsSchema.safeParse(await products.get(line.productId));
        const variant = doc.success
          ? doc.data.sync_variants.find((v) => line.syncVariantId !== null && v.id === Number(line.syncVariantId))
          : undefined;
        return { quantity: line.quantity, cost: variant?.cost ?? null };
      }),
    );
  }
}
