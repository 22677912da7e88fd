import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CartDiscountCode } from '../../features/cart/components/discount-code';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';

export function Component() {
  usePageMeta(PAGE_META.checkout);
  return (
    <>
      <PageHeader compact eyebrow="Merch store" title="Checkout" lead="Review your order and pay securely." />
      <CheckoutPage discountCode={<CartDiscountCode />} />
    </>
  );
}
