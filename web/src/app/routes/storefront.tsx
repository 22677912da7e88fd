import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { StorefrontPage } from '../../features/store/components/store-page';

export function Component() {
  usePageMeta(PAGE_META.storefront);
  return (
    <>
      <PageHeader compact eyebrow="Merch store" title="Storefront" lead="The Copperleaf merch catalogue at a glance." />
      <LiveCatalogProvider>
        <StorefrontPage />
      </LiveCatalogProvider>
    </>
  );
}
