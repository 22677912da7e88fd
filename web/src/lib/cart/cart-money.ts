import { STORE_CURRENCY, toMajor, type CurrencyCode } from '@shop/shared/domain/currency';
import { formatPrice } from '../catalog/format-price';
import { pageCurrency } from '../catalog/page-currency';
import type { CartLine } from './cart-state';

// The cart's money in the currency the server priced it in (docs/rules.md#local-prices), never
// mixed with dollars on one page: a line the server has not priced yet (just added, still saving)
// shows no price until it has.

export interface CartMoney {
  currency: CurrencyCode;
  /** Price of one in the cart's currency (major units); null while the server has not priced it. */
  unit(line: CartLine): number | null;
  /** The lines still sold, priced (major units): what the payment charges before discount and shipping. */
  subtotal: number;
  /** Whether every line still sold has its price in the currency (else the subtotal is not shown yet). */
  complete: boolean;
  format(amount: number): string;
}

export function cartMoney(cart: { items: readonly CartLine[]; currency?: CurrencyCode }): CartMoney {
  // Until the server has priced the cart, the page's currency (the one it will price it in).
  const currency = cart.currency ?? (pageCurrency().currency as CurrencyCode) ?? STORE_CURRENCY;
  const unit = (line: CartLine): number | null => {
    if (line.unitAmount != null) return toMajor(line.unitAmount, currency);
    return currency === STORE_CURRENCY ? line.price : null;
  };
  const sold = cart.items.filter((line) => !line.unavailable);
  const units = sold.map((line) => ({ price: unit(line), quantity: line.quantity }));
  // Summed in minor units, so many lines never drift.
  const minor = units.reduce((sum, l) => sum + Math.round((l.price ?? 0) * 100) * l.quantity, 0);
  return {
    currency,
    unit,
    subtotal: minor / 100,
    complete: units.every((l) => l.price !== null),
    format: (amount: number) => formatPrice(amount, currency),
  };
}
