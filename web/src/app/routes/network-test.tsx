import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { NetworkTestPage } from '../../features/dev-tools/components/network-test-page';

export function Component() {
  usePageMeta({ title: 'Network test', description: 'Checks of the browser-side network helpers.' });
  return (
    <>
      <PageHeader eyebrow="Developer tools" title="Network test" lead="Checks of the browser-side network helpers." />
      <NetworkTestPage />
    </>
  );
}
