export { findOrderBySession, orderStatusView, readOrder, recordPendingOrder } from './order-repository.js';
export { enqueuePrintfulOrderEvent, printfulOrderJob, PRINTFUL_ORDER_EVENTS } from './printful-order-events.js';
