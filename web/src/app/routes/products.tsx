import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { ProductListPage } from '../../features/store/components/product-list-page';

export function Component() {
  usePageMeta({ title: 'Products', description: 'Every shirt, mug and cap in the Copperleaf merch store, printed to order.' });
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Products" lead="Every shirt, mug and cap in the Copperleaf merch store, printed to order." />
      <ProductListPage />
    </>
  );
}
