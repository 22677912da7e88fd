import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { OldStorePage } from '../../features/store/components/store-page';

export function Component() {
  usePageMeta(PAGE_META.storeOld);
  return (
    <>
      <PageHeader
        compact
        eyebrow="Merch store"
        title="Classic store"
        lead="The earlier version of the Copperleaf merch store."
      />
      <LiveCatalogProvider>
        <OldStorePage />
      </LiveCatalogProvider>
    </>
  );
}
