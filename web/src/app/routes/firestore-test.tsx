import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { FirestoreTestPage } from '../../features/dev-tools/components/firestore-test-page';

export function Component() {
  usePageMeta({ title: 'Live data test', description: 'Checks of the live product stream and its recovery.' });
  return (
    <>
      <PageHeader eyebrow="Developer tools" title="Live data test" lead="Checks of the live product stream and its recovery." />
      <FirestoreTestPage />
    </>
  );
}
