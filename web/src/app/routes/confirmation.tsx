import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation';

export function Component() {
  usePageMeta(PAGE_META.confirmation);
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Order confirmation" lead="The status of your order." />
      <OrderConfirmation sessionId={params.get('session_id')} />
    </>
  );
}
