import { AppError, MESSAGES } from '@shop/shared';
import { isOrderOf, type parseCustomerKey } from '@shop/shared/domain/customer';
import { isSale, type OrderAttention } from '@shop/shared/domain/order';
import type { Order, OrderCancelBody, OrderStatus } from '@shop/shared/schemas';
import type { OrderEdit, OrderRecords } from '@shop/shared/server/orders';
import { storeRead } from '../store/store-read.js';
import { orderAccess } from './order-proof.js';

// The orders as the routes ask for them (`app.orders`): the shopper's and the studio's reads and
// the few changes a request makes, each through the order module (`app.orderRecords`), so no route
// reaches the store. A read that fails on the store is 503 (storeRead), as it was in the routes.

export class OrderService {
  constructor(private readonly records: OrderRecords) {}

  /** Every order (or those of one status), newest first. */
  list(options: { status?: OrderStatus; limit: number }): Promise<Order[]> {
    return storeRead(() => this.records.listOrders(options));
  }

  /** The studio's search by number, e-mail or name, status, what waits on it and when placed. */
  search(options: {
    status?: OrderStatus;
    attention?: OrderAttention;
    placed?: (order: Order) => boolean;
    q: string;
    limit: number;
  }): Promise<Order[]> {
    return storeRead(() => this.records.searchOrders(options));
  }

  /** Visits every readable order, page by page (the studio's figures). */
  forEach(visit: (order: Order) => void): Promise<void> {
    return storeRead(() => this.records.forEachOrder(visit));
  }

  /** Every readable order (the studio's customer pages). */
  async all(): Promise<Order[]> {
    const orders: Order[] = [];
    await this.forEach((order) => orders.push(order));
    return orders;
  }

  /** The paid orders of one customer (a signed-in account, or a guest's e-mail address). */
  async customer(key: NonNullable<ReturnType<typeof parseCustomerKey>>): Promise<Order[]> {
    const orders: Order[] = [];
    await this.forEach((order) => {
      if (isSale(order) && isOrderOf(order, key)) orders.push(order);
    });
    return orders;
  }

  /** Every order paid from `fromIso` (inclusive) to `toIso` (exclusive). */
  paidBetween(fromIso: string, toIso: string): Promise<Order[]> {
    return storeRead(() => this.records.ordersPaidBetween(fromIso, toIso));
  }

  read(orderId: string): Promise<Order | null> {
    return storeRead(() => this.records.readOrder(orderId));
  }

  /** The order of a checkout session (the confirmation page); a store failure is thrown as it is. */
  findBySessionId(sessionId: string): Promise<Order | null> {
    return this.records.findOrderBySessionId(sessionId);
  }

  findByNumber(number: string): Promise<Order | null> {
    return storeRead(() => this.records.findOrderByNumber(number));
  }

  /** A signed-in shopper's orders, newest first. */
  listOfUser(uid: string): Promise<Order[]> {
    return storeRead(() => this.records.listOrdersOfUser(uid));
  }

  /**
   * The order as its buyer names it to change or cancel it (order-proof.ts); null when nothing
   * matches. A number with an e-mail address is refused (403) whether or not they match, unless
   * the signed-in shopper `uid` owns the order: the answer tells a stranger nothing.
   */
  async named(body: OrderCancelBody, uid: string | null): Promise<Order | null> {
    const order = await storeRead(async () => {
      if ('sessionId' in body) return this.records.findOrderBySessionId(body.sessionId);
      return this.records.findOrderByNumber(body.number);
    });
    if ('sessionId' in body) return order;
    const access = orderAccess(order, body, uid);
    if (body.key === undefined && access !== 'full') throw new AppError('permission-denied', MESSAGES.orderNeedsKey);
    return access === 'full' ? order : null;
  }

  requestCancellation(orderId: string): ReturnType<OrderRecords['requestCancellation']> {
    return this.records.requestCancellation(orderId);
  }

  recordChange(orderId: string, basedOn: number, edit: OrderEdit): ReturnType<OrderRecords['recordOrderChange']> {
    return this.records.recordOrderChange(orderId, basedOn, edit);
  }

  changeHoldEnd(orderId: string, until: string, by: string): Promise<Order | null> {
    return this.records.changeHoldEnd(orderId, until, by);
  }

  settleCancelRequest(orderId: string, decision: 'accepted' | 'declined', by: string): Promise<Order | null> {
    return this.records.settleCancelRequest(orderId, decision, by);
  }
}
