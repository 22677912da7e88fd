import { useId } from 'react';
import type { CurrencySales } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';

// What shoppers paid in each currency over the report's months (docs/rules.md#local-prices): the
// amount Stripe charged in it, and what it comes to in US dollars, which the report adds up.

export function SalesByCurrency({ rows }: { rows: readonly CurrencySales[] }) {
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <section className="card" aria-labelledby={id} style={{ marginTop: '1rem' }}>
      <h2 id={id}>Paid in each currency</h2>
      <p>Every figure above is in US dollars, each order counted at the exchange rate it was priced at.</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="report-table" data-testid="sales-by-currency">
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col" className="number-cell">
                Orders
              </th>
              <th scope="col" className="number-cell">
                Paid
              </th>
              <th scope="col" className="number-cell">
                In US dollars
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.currency}>
                <th scope="row">{row.currency}</th>
                <td className="number-cell">{row.orders}</td>
                <td className="number-cell">{formatPrice(row.paid, row.currency)}</td>
                <td className="number-cell">{formatPrice(row.usd, 'USD')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "€86.00 paid in euros" beside a dollar figure: what was paid in each currency other than dollars. */
export function paidBeside(rows: readonly CurrencySales[] | undefined): string | null {
  const others = (rows ?? []).filter((row) => row.currency !== 'USD');
  if (others.length === 0) return null;
  return others.map((row) => `${formatPrice(row.paid, row.currency)} paid in ${row.currency}`).join(', ');
}
