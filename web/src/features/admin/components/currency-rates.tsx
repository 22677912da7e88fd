import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENCY_NAMES, formatMoney, type AdminRatesResponse, type CurrencyCode } from '@shop/shared/domain/currency';
import { TableHeading } from '../../../components/ui/table-heading';
import { useStudioTime } from '../../../lib/studio-time';
import {
  currencyRatesQuery,
  refreshCurrencyRates,
  setCurrencyRate,
  setLocalPrices,
  useCurrencyRates,
} from '../api/currency-rates-api';

// The admin home's currencies (docs/rules.md#local-prices): each currency's rate per US dollar,
// where it came from and how old it is; a currency whose rate is too old is not sold in. The
// studio can read the source now, hold a rate by hand (and hand it back to the feed), and set a
// product's price by hand per currency.

function age(hours: number | null): string {
  if (hours === null) return 'no rate yet';
  if (hours < 1) return 'under an hour old';
  if (hours < 48) return `${Math.round(hours)} h old`;
  return `${Math.round(hours / 24)} days old`;
}

export function CurrencyRates() {
  const rates = useCurrencyRates();
  const client = useQueryClient();
  const time = useStudioTime();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<AdminRatesResponse>) {
    setBusy(true);
    try {
      client.setQueryData(currencyRatesQuery().queryKey, await action());
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function holdRate(event: FormEvent<HTMLFormElement>, currency: CurrencyCode) {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('rate'));
    if (!Number.isFinite(value) || value <= 0) return setError('A rate is a number above 0, units per US dollar.');
    void run(() => setCurrencyRate(currency, value));
  }

  function setPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const productId = String(data.get('productId') ?? '').trim();
    const currency = String(data.get('currency')) as CurrencyCode;
    const text = String(data.get('price') ?? '').trim();
    if (!productId) return setError('Name the product by its id.');
    void run(() => setLocalPrices(productId, { [currency]: text === '' ? null : Number(text) }));
  }

  if (rates.isPending) return <p>Loading the exchange rates…</p>;
  if (rates.isError) return <p role="alert">The exchange rates could not be read: {rates.error.message}</p>;
  const { maxAgeHours, rates: rows, overrides } = rates.data;
  return (
    <div className="card admin-tile--wide admin-currencies" data-testid="home-currencies">
      <p>
        Prices in other currencies are converted from US dollars at these rates. A rate older than {maxAgeHours} hours
        stops sales in its currency until it is renewed.
      </p>
      {error && (
        <p className="callout callout--error" role="alert">
          {error}
        </p>
      )}
      <table className="data-table history-table">
        <TableHeading caption="Exchange rates" columns={['Currency', 'Per US dollar', 'From', 'Age', 'Hold by hand']} />
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.currency}
              data-testid={`rate-${row.currency}`}
              className={row.usable ? '' : 'admin-row--alert'}
            >
              <td data-label="Currency">
                {row.currency} ({CURRENCY_NAMES[row.currency].many})
              </td>
              <td data-label="Per US dollar">{row.rate ?? '–'}</td>
              <td data-label="From">
                {row.source === 'studio' ? 'set by the studio' : row.source === 'feed' ? 'the rates source' : '–'}
                {row.asOf ? `, ${time.dateTime(row.asOf)}` : ''}
              </td>
              <td data-label="Age">
                {age(row.ageHours)}
                {row.usable ? '' : ' · not selling'}
              </td>
              <td data-label="Hold by hand">
                <form className="admin-inline-form" onSubmit={(e) => holdRate(e, row.currency)}>
                  <label>
                    <span className="visually-hidden">Rate for {row.currency}</span>
                    <input name="rate" inputMode="decimal" size={8} defaultValue={row.rate ?? ''} />
                  </label>
                  <button type="submit" className="button button--small" disabled={busy}>
                    Hold
                  </button>
                  {row.source === 'studio' && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busy}
                      onClick={() => void run(() => setCurrencyRate(row.currency, null))}
                    >
                      Follow the source
                    </button>
                  )}
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        onClick={() => void run(refreshCurrencyRates)}
      >
        Read the rates now
      </button>
      <h3>Prices set by hand</h3>
      {overrides.length === 0 ? (
        <p>No product has a price set by hand: every price is converted.</p>
      ) : (
        <ul data-testid="price-overrides">
          {overrides.map((o) => (
            <li key={o.productId}>
              {o.productId}:{' '}
              {Object.entries(o.prices)
                .map(([c, minor]) => formatMoney(minor, c as CurrencyCode))
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
      <form className="admin-inline-form" onSubmit={setPrice} aria-label="Set a product's price by hand">
        <label>
          Product id <input name="productId" autoComplete="off" />
        </label>
        <label>
          Currency{' '}
          <select name="currency">
            {rows.map((row) => (
              <option key={row.currency} value={row.currency}>
                {row.currency}
              </option>
            ))}
          </select>
        </label>
        <label>
          Price (empty: converted) <input name="price" inputMode="decimal" size={8} />
        </label>
        <button type="submit" className="button button--small" disabled={busy}>
          Set price
        </button>
      </form>
    </div>
  );
}
