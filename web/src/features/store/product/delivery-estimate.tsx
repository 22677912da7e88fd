import { useEffect, useRef, useState } from 'react';
import { formatDeliveryEstimate, US_STANDARD_DELIVERY } from '@shop/shared/domain/delivery';

// Read once: each read builds a date formatter.
let knownTimeZone: string | undefined;
const browserTimeZone = () => (knownTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "Arrives Mon, Nov 30 - Thu, Dec 3" for standard shipping to the US, in the shopper's locale and
 * time zone. Worked out in the browser only (the server's clock and zone are not the shopper's),
 * and only once the paragraph comes into the window: the page's first date formatter costs a phone
 * about a tenth of a second, which the page's start-up need not pay for a line below the fold.
 * The paragraph is in the page from the start with room for the estimate (store.css), so nothing
 * below it moves when it fills.
 */
export function DeliveryEstimate() {
  const paragraph = useRef<HTMLParagraphElement>(null);
  const [estimate, setEstimate] = useState<string | null>(null);

  useEffect(() => {
    const element = paragraph.current;
    const show = () =>
      setEstimate(
        formatDeliveryEstimate(US_STANDARD_DELIVERY, { timeZone: browserTimeZone(), locale: navigator.language }),
      );
    if (!element || typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <p className="delivery-estimate" data-testid="delivery-estimate" ref={paragraph}>
      {estimate && (
        <>
          <strong>{estimate}</strong> with standard shipping to the US. Other places and faster options in the cart.
        </>
      )}
    </p>
  );
}
