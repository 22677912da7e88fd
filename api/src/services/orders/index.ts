export { findOrderBySession, orderStatusView, readOrder, recordPendingOrder } from './order-repository.js';
export {
  markOrderShipped,
  type ShipmentInput,
  type ShippedOrderRef,
  type ShippingNotifier,
} from './mark-order-shipped.js';
