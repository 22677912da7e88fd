import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { customerKeyOfView, customerPath } from '@shop/shared/domain/customer';
import {
  ORDER_ATTENTION_LABELS,
  ORDER_STAGE_WORDS,
  ORDER_STAGES,
  orderStage,
  printfulDashboardLink,
  stageStatus,
  stripeDashboardLink,
  type OrderStage,
} from '@shop/shared/domain/order';
import { ORDER_ATTENTION_KINDS, orderAttentionSchema, type AdminOrder } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useStudioTime } from '../../../lib/studio-time';
import { useAdminOrders } from '../api/admin-orders-api';
import { RetryButton } from './retry-button';
import {
  productionLabel,
  orderStageLabel,
  orderNumber,
  refundStatusLabel,
} from '../../../lib/orders/order-status-text';
import { OrderHistoryItems } from './order-history-items';
import { downloadOrdersCsv } from './orders-csv';
import '../../../components/orders/order-lists.css';
import '../admin-order-list.css';

// /admin/orders: every order for the studio, searchable by number, e-mail or name (?q=) and
// filterable by status (?status=), with its Stripe and Printful references, the provider events it
// received, a retry for a failed fulfilment, and a link to the order in full (refund, resend).

/**
 * One order as a compact row: on a desktop its number, customer, total, badge and date on one line,
 * then a quieter line of items, Printful, Stripe and the history; what needs the studio (a held or
 * failed order's reason, the retry) below. On a phone the same, stacked. Everything else is on the
 * order's own page.
 */
function AdminOrderCard({ order }: { order: AdminOrder }) {
  const time = useStudioTime();
  const money = (n: number) => formatPrice(n, order.currency);
  const customer = customerKeyOfView(order);
  const who = `${order.customerName ?? 'no name'} · ${order.customerEmail ?? 'no e-mail'} (${order.owner.kind === 'user' ? 'account' : 'guest'})`;
  const items = order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ') || 'no items';
  return (
    <li className="admin-order" data-testid="admin-order">
      <div className="admin-order__line">
        <h3 className="admin-order__number">
          <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>Order {orderNumber(order)}</Link>
        </h3>
        <p className="admin-order__customer">
          <span className="admin-order__who" title={who}>
            {who}
          </span>
          {customer && <Link to={customerPath(customer)}>Customer page</Link>}
        </p>
        <p className="admin-order__total">{money(order.amounts?.total ?? order.totalPrice)}</p>
        <p className="admin-order__status">
          <span className={`order-badge order-badge--${orderStage(order)}`} data-testid="admin-order-status">
            {orderStageLabel(order)}
          </span>
        </p>
        <p className="admin-order__date">
          <time dateTime={order.createdAt}>{time.dateTime(order.createdAt)}</time>
        </p>
      </div>
      <div className="admin-order__more">
        <span className="admin-order__items" title={items}>
          {items}
        </span>
        {order.refunded > 0 && order.refunds.length === 0 && <span>refunded {money(order.refunded)}</span>}
        {order.amounts?.discount ? (
          <span>
            discount {money(order.amounts.discount)}
            {order.discountCode ? ` (${order.discountCode})` : ''}
          </span>
        ) : null}
        <span>
          Printful{' '}
          {order.printfulOrderId !== null ? (
            <a
              href={printfulDashboardLink(order.printfulOrderId) ?? undefined}
              target="_blank"
              rel="noreferrer noopener"
            >
              <code>{order.printfulOrderId}</code>
            </a>
          ) : (
            'no order'
          )}{' '}
          · {productionLabel(order)}
        </span>
        <span>
          Stripe{' '}
          <a
            href={stripeDashboardLink(order.stripeSessionId)}
            target="_blank"
            rel="noreferrer noopener"
            title={order.stripeSessionId}
          >
            <code className="admin-order__id">{order.stripeSessionId}</code>
          </a>
          {order.refunds.map((r) => (
            <span key={r.id} className="admin-order__ref">
              {' '}
              <code className="admin-order__id" title={r.id}>
                {r.id}
              </code>{' '}
              {money(r.amount)} <span title={r.status}>{refundStatusLabel(r.status)}</span>
            </span>
          ))}
        </span>
        {order.tracking.length > 0 && (
          <span>
            Tracking{' '}
            {order.tracking.map((t) =>
              t.url ? (
                <a key={t.number} href={t.url} target="_blank" rel="noreferrer noopener">
                  {t.number}
                </a>
              ) : (
                <span key={t.number}>{t.number}</span>
              ),
            )}
          </span>
        )}
        {order.events.length > 0 && (
          <details className="admin-order__events">
            <summary>History ({order.events.length})</summary>
            <ol>
              <OrderHistoryItems events={order.events} />
            </ol>
          </details>
        )}
      </div>
      {(order.fulfilmentReason || order.canRetryFulfilment) && (
        <div className="admin-order__attention">
          {order.fulfilmentReason && <p className="admin-order__reason">{order.fulfilmentReason}</p>}
          <RetryButton order={order} />
        </div>
      )}
    </li>
  );
}

export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: OrderStage | null = ORDER_STAGES.find((s) => s === asked) ?? null;
  const waiting = orderAttentionSchema.safeParse(params.get('attention'));
  const attention = waiting.success ? waiting.data : null;
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name)! : '');
  const from = day('from');
  const to = day('to');
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // The server filters by payment status; the stage (on hold, refunded in part) is then read from
  // each order, with the same rule as its badge. A stage that spans payment statuses asks for all.
  const spansStatuses = status === 'on-its-way' || status === 'refunded-in-part';
  const asksFor = status && !spansStatuses ? stageStatus(status) : null;
  const { data: listed, isPending, error, refetch } = useAdminOrders(asksFor, q, { attention, from, to });
  const orders = status ? listed?.filter((order) => orderStage(order) === status) : listed;
  const time = useStudioTime();
  const setFilter = (next: { status?: string; q?: string; attention?: string; from?: string; to?: string }) => {
    const merged = { status: status ?? '', attention: attention ?? '', from, to, q, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)), { replace: true });
  };
  // Searches as the studio types, once they pause.
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setFilter({ q: typed.trim() }), 300);
    return () => clearTimeout(timer);
  });
  return (
    <div className="container admin-orders admin-section">
      <form
        className="admin-orders__toolbar admin-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ q: typed.trim() });
        }}
      >
        <label>
          Search
          <input
            type="search"
            name="q"
            value={typed}
            placeholder="Number, e-mail or name"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <label>
          Status{' '}
          <select value={status ?? ''} onChange={(e) => setFilter({ status: e.target.value })}>
            <option value="">All orders</option>
            {ORDER_STAGES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STAGE_WORDS[s].label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Waiting on the studio{' '}
          <select value={attention ?? ''} onChange={(e) => setFilter({ attention: e.target.value })}>
            <option value="">Any order</option>
            {ORDER_ATTENTION_KINDS.map((a) => (
              <option key={a} value={a}>
                {ORDER_ATTENTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Placed from{' '}
          <input type="date" value={from} max={to || undefined} onChange={(e) => setFilter({ from: e.target.value })} />
        </label>
        <label>
          to{' '}
          <input type="date" value={to} min={from || undefined} onChange={(e) => setFilter({ to: e.target.value })} />
        </label>
        <button type="button" className="button button--ghost button--small" onClick={() => void refetch()}>
          Refresh
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!orders?.length}
          onClick={() => orders && downloadOrdersCsv(orders, time.dateTime)}
        >
          Download CSV
        </button>
      </form>
      {isPending && <p>Loading orders...</p>}
      {error && (
        <div className="callout callout--error" role="alert">
          <p>Orders could not be loaded: {error.message}</p>
        </div>
      )}
      {orders && orders.length === 0 && (
        <p>
          No orders{status ? ` with the status “${ORDER_STAGE_WORDS[status].label}”` : ''}
          {attention ? ` ${ORDER_ATTENTION_LABELS[attention].toLowerCase()}` : ''}
          {q ? ` matching “${q}”` : ''}.
        </p>
      )}
      {orders && orders.length > 0 && (
        <ul className="admin-order-list">
          {orders.map((order) => (
            <AdminOrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}
