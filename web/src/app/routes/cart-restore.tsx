import { useParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CartRestorePage } from '../../features/cart-restore/cart-restore-page';

// /store/cart/restore/:token: the abandoned-checkout e-mail's link back to the cart.
export function Component() {
  usePageMeta(PAGE_META.cartRestore);
  const { token = '' } = useParams();
  return <CartRestorePage token={token} />;
}
