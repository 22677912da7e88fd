import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminSyncPage } from '../../features/admin/components/admin-sync-page';

export function Component() {
  usePageMeta(PAGE_META.adminSync);
  return (
    <AdminShell from="/admin/sync" title="Product sync">
      {(check) => <AdminSyncPage check={check} />}
    </AdminShell>
  );
}
