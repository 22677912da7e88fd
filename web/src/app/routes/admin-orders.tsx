import { PAGE_META } from '@shop/shared/pages';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminGuard } from '../../features/admin/components/admin-guard';
import { AdminOrdersPage } from '../../features/orders/components/admin-orders-page';

export function Component() {
  usePageMeta(PAGE_META.adminOrders);
  return (
    <AdminGuard from="/admin/orders">
      {() => (
        <>
          <PageHeader
            eyebrow="Administration"
            title="Orders"
            lead="Payments, refunds, production and shipping of every order."
          />
          <AdminOrdersPage />
        </>
      )}
    </AdminGuard>
  );
}
