import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { AdminDiscountsPage } from '../../features/admin/components/admin-discounts-page';

export function Component() {
  usePageMeta(PAGE_META.adminDiscounts);
  return (
    <AdminShell
      from="/admin/discounts"
      title="Discount codes"
      lead="Codes for clients and followers, never below cost."
    >
      {() => <AdminDiscountsPage />}
    </AdminShell>
  );
}
