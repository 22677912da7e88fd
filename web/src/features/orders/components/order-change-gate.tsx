import { lazy, Suspense } from 'react';
import type { ShopperSecondChance } from '@shop/shared/schemas';
import type { OrderChangeProps } from './order-change';

// The change screens load only for an order that can still change: most visitors never need
// them, and the first script of the store stays within its budget (web/scripts/bundle-budget.mjs).

const OrderChange = lazy(() => import('./order-change'));

/** Whether the order's view offers changes: within the grace period, not cancelled, with its lines' choices. */
export function canChangeOrder(secondChance: ShopperSecondChance | undefined): boolean {
  return Boolean(secondChance?.changeableUntil && !secondChance.cancellation && secondChance.lineChoices);
}

export function OrderChangeGate(props: OrderChangeProps) {
  if (!canChangeOrder(props.secondChance)) return null;
  return (
    <Suspense fallback={null}>
      <OrderChange {...props} />
    </Suspense>
  );
}
