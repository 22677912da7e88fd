export { findOrderBySession, orderStatusView, readOrder, recordPendingOrder } from './order-repository.js';
