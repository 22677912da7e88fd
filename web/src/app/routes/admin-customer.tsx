import { useParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminCustomerPage } from '../../features/admin-orders/components/admin-customers';

export function Component() {
  usePageMeta(PAGE_META.adminCustomer);
  const { customerKey = '' } = useParams();
  return (
    <AdminShell from={`/admin/customers/${encodeURIComponent(customerKey)}`} title="Customer">
      {() => <AdminCustomerPage customerKey={customerKey} />}
    </AdminShell>
  );
}
