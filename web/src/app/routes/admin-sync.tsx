import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminGuard } from '../../features/admin/components/admin-guard';
import { AdminSyncPage } from '../../features/admin/components/admin-sync-page';

export function Component() {
  usePageMeta(PAGE_META.adminSync);
  return (
    <AdminGuard from="/admin/sync">
      {(check) => (
        <>
          <PageHeader
            eyebrow="Administration"
            title="Product sync"
            lead="Synchronise the store catalogue with the print partner."
          />
          <AdminSyncPage check={check} />
        </>
      )}
    </AdminGuard>
  );
}
