import { PAGE_META } from '@shop/shared/pages';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminGuard } from '../../features/admin/components/admin-guard';
import { AdminDiscountsPage } from '../../features/admin/components/admin-discounts-page';

export function Component() {
  usePageMeta(PAGE_META.adminDiscounts);
  return (
    <AdminGuard from="/admin/discounts">
      {() => (
        <>
          <PageHeader
            eyebrow="Administration"
            title="Discount codes"
            lead="Codes for clients and followers, never below cost."
          />
          <AdminDiscountsPage />
        </>
      )}
    </AdminGuard>
  );
}
