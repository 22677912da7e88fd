import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation';

export function Component() {
  usePageMeta({ title: 'Order confirmation', description: 'The status of your order.' });
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader eyebrow="Merch store" title="Order confirmation" lead="The status of your order." />
      <OrderConfirmation sessionId={params.get('session_id')} />
    </>
  );
}
