import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminTeamOrders } from '../../features/team-order/components/admin-team-orders';

// /admin/team-orders: every team order, for the studio.
export function Component() {
  usePageMeta(PAGE_META.adminTeamOrders);
  return (
    <AdminShell from="/admin/team-orders" title="Team orders" lead="Every team order, newest first, with its list.">
      {() => (
        <div className="container page">
          <AdminTeamOrders />
        </div>
      )}
    </AdminShell>
  );
}
