import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PrintfulListPage } from '../../features/store/components/printful-list-page';

export function Component() {
  usePageMeta({ title: 'Print-on-demand products', description: 'Products supplied directly by our print partner.' });
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Print-on-demand products" lead="Products supplied directly by our print partner." />
      <PrintfulListPage />
    </>
  );
}
