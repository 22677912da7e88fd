import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CartPage } from '../../features/cart/components/cart-page';
import { ShippingEstimate } from '../../features/checkout/components/shipping-estimate';

export function Component() {
  usePageMeta(PAGE_META.cart);
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Your cart" lead="The items you have chosen, ready for checkout." />
      <CartPage shippingEstimate={<ShippingEstimate />} />
    </>
  );
}
