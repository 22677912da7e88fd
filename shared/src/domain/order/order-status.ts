import type { OrderStatus } from '../../schemas/order.js';

// Order status moves (docs/contracts.md#http-api). Stripe may deliver events late, twice or out of order,
// so a move is allowed only forwards: a paid or shipped order never goes back to pending, failed
// or expired. Stripe's own word that a session is paid wins over an earlier failure or expiry,
// because money was taken and the shopper must get the goods.
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed', 'expired'],
  failed: ['paid'],
  expired: ['paid'],
  paid: ['shipped', 'refunded'],
  shipped: ['refunded'],
  // A fully refunded order is final: money went back, nothing else may move it.
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}
