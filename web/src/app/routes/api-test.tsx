import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { ApiTestPage } from '../../features/dev-tools/components/api-test-page';

export function Component() {
  usePageMeta(PAGE_META.apiTest);
  return (
    <>
      <PageHeader eyebrow="Developer tools" title="API test" lead="Checks of the API endpoints the store depends on." />
      <ApiTestPage />
    </>
  );
}
