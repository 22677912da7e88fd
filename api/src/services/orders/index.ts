export { orderStatusView, shopperOrderView } from './order-views.js';
