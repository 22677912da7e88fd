import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { ProductListPage } from '../../features/store/components/product-list-page';

export function Component() {
  usePageMeta(PAGE_META.products);
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Products" lead="Every shirt, mug and cap in the Copperleaf merch store, printed to order." />
      <ProductListPage />
    </>
  );
}
