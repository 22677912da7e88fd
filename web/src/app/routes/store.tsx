import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { StorePage } from '../../features/store/components/store-page';

export function Component() {
  usePageMeta(PAGE_META.store);
  return (
    <>
      <PageHeader
        compact
        eyebrow="Merch store"
        title="Store"
        lead="Shirts, mugs and caps designed in the studio and printed on demand."
      />
      <LiveCatalogProvider>
        <StorePage />
      </LiveCatalogProvider>
    </>
  );
}
