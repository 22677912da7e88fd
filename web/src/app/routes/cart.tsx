import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CartPage } from '../../features/cart/components/cart-page';

export function Component() {
  usePageMeta({ title: 'Your cart', description: 'The items you have chosen, ready for checkout.' });
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Your cart" lead="The items you have chosen, ready for checkout." />
      <CartPage />
    </>
  );
}
