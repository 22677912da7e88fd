import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';

export function Component() {
  usePageMeta({ title: 'Checkout', description: 'Review your order and pay securely.' });
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Checkout" lead="Review your order and pay securely." />
      <CheckoutPage />
    </>
  );
}
