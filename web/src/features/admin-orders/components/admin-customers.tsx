import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { customerPath, type CustomerKey } from '@shop/shared/domain/customer';
import { QUOTE_BUDGET_LABELS, QUOTE_SERVICE_LABELS, QUOTE_STATUS_LABELS } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { orderNumber, orderStageLabel, productionLabel } from '../../../lib/orders/order-status-text';
import { useAdminCustomer, useAdminCustomers } from '../api/customers-api';
import { useStudioTime } from '../../../lib/studio-time';

// /admin/customers and /admin/customers/:key: who bought what, how often and how much. A
// signed-in shopper is one customer whatever e-mail they used; a guest is their e-mail address.

const usd = (n: number) => formatPrice(n, 'USD');
const kindWords = { account: 'Account', guest: 'Guest (by e-mail)' } as const;

export function AdminCustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // The search applies once typing pauses, so each keystroke is not a request.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== q) setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);
  const customers = useAdminCustomers(q);
  const time = useStudioTime();
  return (
    <div className="container admin-section">
      <div className="admin-toolbar">
        <label>
          Search
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name or e-mail"
            autoComplete="off"
          />
        </label>
      </div>
      {customers.isPending && <p>Loading customers…</p>}
      {customers.isError && (
        <div className="callout callout--error" role="alert">
          <p>The customers could not be read: {customers.error.message}</p>
        </div>
      )}
      {customers.data && customers.data.length === 0 && <p>No customer matches{q ? ` “${q}”` : ' yet'}.</p>}
      {customers.data && customers.data.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Customers">
          <table className="report-table" data-testid="customers-table">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Kind</th>
                <th scope="col" className="number-cell">
                  Orders
                </th>
                <th scope="col" className="number-cell">
                  Spent
                </th>
                <th scope="col">Last order</th>
              </tr>
            </thead>
            <tbody>
              {customers.data.map((c) => (
                <tr key={c.key}>
                  <th scope="row">
                    <Link to={customerPath(c.key as CustomerKey)}>{c.name ?? c.email ?? 'No name'}</Link>
                    {c.name && c.email && <div className="admin-muted">{c.email}</div>}
                  </th>
                  <td>{kindWords[c.kind]}</td>
                  <td className="number-cell">{c.orders}</td>
                  <td className="number-cell">{usd(c.spent)}</td>
                  <td>{time.date(c.lastOrderAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function AdminCustomerPage({ customerKey }: { customerKey: string }) {
  const customer = useAdminCustomer(customerKey);
  const time = useStudioTime();
  if (customer.isPending) return <p className="container admin-section">Loading the customer…</p>;
  if (customer.isError)
    return (
      <div className="container admin-section">
        <div className="callout callout--error" role="alert">
          <p>{customer.error.message}</p>
          <p>
            <Link to="/admin/customers">All customers</Link>
          </p>
        </div>
      </div>
    );
  const { customer: c, orders, quotes } = customer.data;
  return (
    <div className="container admin-section admin-customer" data-testid="admin-customer">
      <section className="card" aria-labelledby="customer-name">
        <h2 id="customer-name">{c.name ?? c.email ?? 'Customer'}</h2>
        <dl className="admin-facts">
          <dt>Kind</dt>
          <dd>{kindWords[c.kind]}</dd>
          <dt>E-mail</dt>
          <dd>
            {c.emails.map((email, i) => (
              <span key={email}>
                {i > 0 && ', '}
                <a href={`mailto:${email}`}>{email}</a>
              </span>
            ))}
          </dd>
          <dt>Orders</dt>
          <dd data-testid="customer-orders">{c.orders}</dd>
          <dt>Total spent</dt>
          <dd data-testid="customer-spent">{usd(c.spent)}</dd>
          {c.orders > 0 && (
            <>
              <dt>Customer since</dt>
              <dd>{time.date(c.firstOrderAt)}</dd>
            </>
          )}
        </dl>
        <p className="admin-muted">Total spent is what they paid less what was refunded.</p>
      </section>
      <section className="card" aria-labelledby="customer-orders-title" style={{ marginTop: '1rem' }}>
        <h2 id="customer-orders-title">Orders</h2>
        {orders.length === 0 ? (
          <p>No paid orders.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="customer-orders-title">
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col">Production</th>
                  <th scope="col" className="number-cell">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link to={`/admin/orders/${encodeURIComponent(o.id)}`}>{orderNumber(o)}</Link>
                    </th>
                    <td>{time.date(o.createdAt)}</td>
                    <td>{orderStageLabel(o)}</td>
                    <td>{productionLabel(o)}</td>
                    <td className="number-cell">
                      {formatPrice(o.totalPrice, o.currency)}
                      {o.refunded > 0 && (
                        <div className="admin-muted">{formatPrice(o.refunded, o.currency)} refunded</div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="customer-quotes-title" style={{ marginTop: '1rem' }}>
        <h2 id="customer-quotes-title">Quotes</h2>
        {quotes.length === 0 ? (
          <p>No quote requests.</p>
        ) : (
          <ul className="admin-plain-list">
            {quotes.map((q) => (
              <li key={q.id}>
                <Link to={`/admin/quotes/${encodeURIComponent(q.id)}`}>
                  {time.date(q.createdAt)}: {q.services.map((s) => QUOTE_SERVICE_LABELS[s]).join(', ')}
                </Link>{' '}
                · {QUOTE_BUDGET_LABELS[q.budget]} · {QUOTE_STATUS_LABELS[q.status]}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
