import { useSearchParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { OrderLookup } from '../../features/orders/components/order-lookup';

// /store/order-status: the guest order lookup; e-mails link here with ?number=CS-10042, the
// confirmation e-mail's link with its key too (&key=...), which opens the order by itself; a change
// e-mail's undo link adds &undo=<change>, which offers to put the previous address back.
const undoOf = (raw: string | null) => (raw && /^\d{1,4}$/.test(raw) ? Number(raw) : null);

export function Component() {
  usePageMeta(PAGE_META.orderStatus);
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        eyebrow="Merch store"
        title="Order status"
        lead="Where your order is, what it cost and where it goes."
      />
      <OrderLookup
        initialNumber={params.get('number') ?? ''}
        linkKey={params.get('key') ?? ''}
        undo={undoOf(params.get('undo'))}
      />
    </>
  );
}
