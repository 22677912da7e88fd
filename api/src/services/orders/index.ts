export {
  findOrderByNumber,
  findOrderBySession,
  orderStatusView,
  readOrder,
  recordPendingOrder,
} from './order-repository.js';
export { shopperOrderView } from './order-views.js';
