import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { ApiTestPage } from '../../features/dev-tools/components/api-test-page';

export function Component() {
  usePageMeta({ title: 'API test', description: 'Checks of the API endpoints the store depends on.' });
  return (
    <>
      <PageHeader eyebrow="Developer tools" title="API test" lead="Checks of the API endpoints the store depends on." />
      <ApiTestPage />
    </>
  );
}
