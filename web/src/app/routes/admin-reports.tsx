import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { SalesReportPage } from '../../features/admin/components/sales-report';

export function Component() {
  usePageMeta(PAGE_META.adminReports);
  return (
    <AdminShell from="/admin/reports" title="Sales report" lead="What the shop earned, month by month.">
      {() => <SalesReportPage />}
    </AdminShell>
  );
}
