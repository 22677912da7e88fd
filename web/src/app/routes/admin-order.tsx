import { useParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminOrderDetailPage } from '../../features/admin-orders/components/admin-order-detail';

export function Component() {
  usePageMeta(PAGE_META.adminOrder);
  const { orderId = '' } = useParams();
  return (
    <AdminShell from={`/admin/orders/${orderId}`} title="Order">
      {() => <AdminOrderDetailPage orderId={orderId} />}
    </AdminShell>
  );
}
