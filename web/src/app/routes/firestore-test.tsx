import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { FirestoreTestPage } from '../../features/dev-tools/components/firestore-test-page';

export function Component() {
  usePageMeta(PAGE_META.liveDataTest);
  return (
    <>
      <PageHeader
        eyebrow="Developer tools"
        title="Live data test"
        lead="Checks of the live product stream and its recovery."
      />
      <FirestoreTestPage />
    </>
  );
}
