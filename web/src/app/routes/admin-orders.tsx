import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminOrdersPage } from '../../features/admin-orders/components/admin-orders-page';

export function Component() {
  usePageMeta(PAGE_META.adminOrders);
  return (
    <AdminShell from="/admin/orders" title="Orders" lead="Payments, refunds, production and shipping of every order.">
      {() => <AdminOrdersPage />}
    </AdminShell>
  );
}
