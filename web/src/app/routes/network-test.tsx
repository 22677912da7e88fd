import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { NetworkTestPage } from '../dev-tools/network-test-page';

export function Component() {
  usePageMeta(PAGE_META.networkTest);
  return (
    <>
      <PageHeader eyebrow="Developer tools" title="Network test" lead="Checks of the browser-side network helpers." />
      <NetworkTestPage />
    </>
  );
}
