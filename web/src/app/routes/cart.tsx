import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CartPage } from '../../features/cart/components/cart-page';
import { ShippingEstimate } from '../../features/checkout/components/shipping-estimate';
import { StartTeamOrderEntry } from '../../features/team-order/components/start-team-order-entry';

export function Component() {
  usePageMeta(PAGE_META.cart);
  return (
    <>
      <PageHeader
        compact
        eyebrow="Merch store"
        title="Your cart"
        lead="The items you have chosen, ready for checkout."
      />
      <CartPage shippingEstimate={<ShippingEstimate />} />
      {/* A team buying together: one link where everyone picks a size, instead of one cart of guesses. */}
      <div className="container">
        <StartTeamOrderEntry />
      </div>
    </>
  );
}
