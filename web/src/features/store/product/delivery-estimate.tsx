import { useEffect, useRef, useState } from 'react';
import { formatDeliveryEstimate, US_STANDARD_DELIVERY } from '@shop/shared/domain/delivery';
import { useStudioTimeZone } from '../../../lib/studio-time';

/**
 * "Arrives Mon, Nov 30 - Thu, Dec 3" for standard shipping to the US, in the shopper's locale, the
 * business days counted on the studio's calendar like the cart's quote (a shopper elsewhere reads
 * the same days the cart will promise). Worked out in the browser only (the server-rendered page
 * may be served from a cache long after its clock read it),
 * and only once the paragraph comes into the window: the page's first date formatter costs a phone
 * about a tenth of a second, which the page's start-up need not pay for a line below the fold.
 * The paragraph is in the page from the start with room for the estimate (product-detail.css), so nothing
 * below it moves when it fills.
 */
export function DeliveryEstimate() {
  const paragraph = useRef<HTMLParagraphElement>(null);
  const [estimate, setEstimate] = useState<string | null>(null);
  const zone = useStudioTimeZone();

  useEffect(() => {
    const element = paragraph.current;
    const show = () =>
      setEstimate(formatDeliveryEstimate(US_STANDARD_DELIVERY, { timeZone: zone, locale: navigator.language }));
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
  }, [zone]);

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
