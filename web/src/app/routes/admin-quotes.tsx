import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { QuotesInbox } from '../../features/quotes/components/quotes-inbox';

export function Component() {
  usePageMeta(PAGE_META.adminQuotes);
  return (
    <AdminShell from="/admin/quotes" title="Quotes" lead="Every project request from the quote form.">
      {() => <QuotesInbox />}
    </AdminShell>
  );
}
