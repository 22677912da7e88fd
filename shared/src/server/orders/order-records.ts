import type { FullDocumentStore } from '../store/index.js';
import { recordOrderChange, settleCancelRequest } from './order-change.js';
import { closeOrder, markOrderPaid, recordPendingOrder } from './order-checkout.js';
import { orderExists, readOrder } from './order-documents.js';
import { changeHoldEnd, claimRelease, recordHeldDraft, requestCancellation, startHold } from './order-grace.js';
import { takeOrderNumber } from './order-number.js';
import {
  countOrdersWithCode,
  countOrdersWithStatus,
  findOrderByNumber,
  findOrderBySessionId,
  forEachOrder,
  listOrders,
  listOrdersOfUser,
  orderIdOfSession,
  ordersPaidBetween,
  pendingOrdersWithCode,
  searchOrders,
} from './order-queries.js';
import { clearPurchasedCart, markStepDone, recordFulfilment } from './order-steps.js';
import { applyPrintfulEvent, applyRefunds, recordFulfilmentChange, recordOrderEvent } from './order-transitions.js';
import { mergeGuestCart } from './merge-guest-cart.js';
import { openOrdersOfCart, ordersOfCart } from './orders-of-cart.js';

// The order module bound to the full store: the one way the API and the worker reach orders. Each
// process opens its store, hands the full store to `createOrderRecords` and keeps for everything
// else only the narrowed `DocumentStore` (of the `AppCollection`s), which cannot name `orders`: so every
// order read and write goes through here by the types (docs/architecture.md#one-writer-of-orders).

const operations = {
  recordPendingOrder,
  markOrderPaid,
  closeOrder,
  readOrder,
  orderExists,
  takeOrderNumber,
  startHold,
  requestCancellation,
  claimRelease,
  changeHoldEnd,
  recordHeldDraft,
  recordOrderChange,
  settleCancelRequest,
  findOrderBySessionId,
  orderIdOfSession,
  findOrderByNumber,
  countOrdersWithStatus,
  countOrdersWithCode,
  pendingOrdersWithCode,
  listOrdersOfUser,
  listOrders,
  searchOrders,
  ordersPaidBetween,
  forEachOrder,
  markStepDone,
  recordFulfilment,
  clearPurchasedCart,
  applyPrintfulEvent,
  applyRefunds,
  recordOrderEvent,
  recordFulfilmentChange,
  openOrdersOfCart,
  ordersOfCart,
  mergeGuestCart,
};

/** An operation with its store given: the caller passes the rest. */
type WithStore<F> = F extends (store: FullDocumentStore, ...args: infer A) => infer R ? (...args: A) => R : never;

export type OrderRecords = { readonly [K in keyof typeof operations]: WithStore<(typeof operations)[K]> };

export function createOrderRecords(store: FullDocumentStore): OrderRecords {
  const bound = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      (...args: unknown[]) => (operation as (store: FullDocumentStore, ...rest: unknown[]) => unknown)(store, ...args),
    ]),
  );
  return bound as OrderRecords;
}
