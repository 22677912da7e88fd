import { Link, useParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { useAdminQuote } from '../../features/quotes/api/admin-quotes';
import { QuoteCard } from '../../features/quotes/components/quotes-inbox';

// /admin/quotes/:quoteId: one request, where the new-quote e-mail's button leads, with its thread.
function OneQuote({ id }: { id: string }) {
  const quote = useAdminQuote(id);
  return (
    <div className="container admin-section">
      <p>
        <Link to="/admin/quotes">All quotes</Link>
      </p>
      {quote.isPending && <p>Loading the quote...</p>}
      {quote.isError && (
        <div className="callout callout--error" role="alert">
          <p>{quote.error.message}</p>
        </div>
      )}
      {quote.data && (
        <ul className="quote-cards">
          <QuoteCard key={`${quote.data.id}-${quote.data.updatedAt ?? ''}`} quote={quote.data} />
        </ul>
      )}
    </div>
  );
}

export function Component() {
  usePageMeta(PAGE_META.adminQuote);
  const { quoteId = '' } = useParams();
  return (
    <AdminShell from={`/admin/quotes/${encodeURIComponent(quoteId)}`} title="Quote">
      {() => <OneQuote id={quoteId} />}
    </AdminShell>
  );
}
