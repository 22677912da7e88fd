import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminCustomersPage } from '../../features/admin-orders/components/admin-customers';

export function Component() {
  usePageMeta(PAGE_META.adminCustomers);
  return (
    <AdminShell from="/admin/customers" title="Customers" lead="Who bought what, how often and how much.">
      {() => <AdminCustomersPage />}
    </AdminShell>
  );
}
