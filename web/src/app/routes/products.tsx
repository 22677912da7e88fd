import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { ProductListPage } from '../../features/store/components/store-page';

export function Component() {
  usePageMeta(PAGE_META.products);
  return (
    <>
      <PageHeader
        compact
        eyebrow="Merch store"
        title="Products"
        lead="Every shirt, mug and cap in the Copperleaf merch store, printed to order."
      />
      <LiveCatalogProvider>
        <ProductListPage />
      </LiveCatalogProvider>
    </>
  );
}
