import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LiveCatalogProvider } from '../../features/catalog/components/live-catalog-provider';
import { OldStorePage } from '../../features/store/components/store-page';

export function Component() {
  usePageMeta({ title: 'Classic store', description: 'The earlier version of the Copperleaf merch store.' });
  return (
    <>
      <PageHeader compact eyebrow="Merch store" title="Classic store" lead="The earlier version of the Copperleaf merch store." />
      <LiveCatalogProvider>
        <OldStorePage />
      </LiveCatalogProvider>
    </>
  );
}
