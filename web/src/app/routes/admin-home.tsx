import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminHomePage } from '../../features/admin/components/admin-home';

export function Component() {
  usePageMeta(PAGE_META.adminHome);
  return (
    <AdminShell
      from="/admin"
      title="Studio admin"
      lead="Today’s sales, what waits on the studio, and how the shop runs."
    >
      {() => <AdminHomePage />}
    </AdminShell>
  );
}
