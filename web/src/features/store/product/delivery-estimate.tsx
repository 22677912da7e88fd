import { useSyncExternalStore } from 'react';
import { formatDeliveryEstimate, US_STANDARD_DELIVERY } from '@shop/shared/domain/delivery';

const noSubscription = () => () => undefined;
// Read once: React asks for it on every render and every check, and each read builds a formatter.
let knownTimeZone: string | undefined;
const browserTimeZone = () => (knownTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "Arrives Mon, Nov 30 - Thu, Dec 3" for standard shipping to the US, in the shopper's locale and
 * time zone. Rendered in the browser only: the server's clock and zone are not the shopper's.
 */
export function DeliveryEstimate() {
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, () => null);
  if (timeZone === null) return null;
  const estimate = formatDeliveryEstimate(US_STANDARD_DELIVERY, { timeZone, locale: navigator.language });
  if (!estimate) return null;
  return (
    <p className="delivery-estimate" data-testid="delivery-estimate">
      <strong>{estimate}</strong> with standard shipping to the US. Other places and faster options in the cart.
    </p>
  );
}
