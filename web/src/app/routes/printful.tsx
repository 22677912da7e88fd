import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PrintfulListPage } from '../../features/store/components/printful-list-page';

export function Component() {
  usePageMeta(PAGE_META.printful);
  return (
    <>
      <PageHeader
        eyebrow="Merch store"
        title="Print-on-demand products"
        lead="Products supplied directly by our print partner."
      />
      <PrintfulListPage />
    </>
  );
}
