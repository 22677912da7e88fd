import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { PAGE_META } from '@shop/shared/pages';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { authSession, useAuthState } from '../../lib/auth/auth-session';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { useProducts } from '../../lib/catalog/components/products-provider';
import { StartTeamOrderForm } from '../../features/team-order/components/start-team-order-form';

// /store/team/start?product=ID: a signed-in shopper starts a team order (docs/rules.md#team-orders).
export function Component() {
  usePageMeta(PAGE_META.teamOrderStart);
  const [params] = useSearchParams();
  const auth = useAuthState();
  useEffect(() => {
    authSession.load().catch(() => undefined);
  }, []);
  const productId = params.get('product');
  if (auth.status === 'unknown') return <LoadingScreen label={MESSAGES.loading} />;
  return (
    <>
      <PageHeader
        eyebrow="Merch store"
        title="Start a team order"
        lead="One link for everyone: each person picks a size and writes their name, and you pay once for all."
      />
      <div className="container page">
        {auth.status === 'signed-in' ? (
          <LiveCatalogProvider>
            <StartForm productId={productId} />
          </LiveCatalogProvider>
        ) : (
          <p>
            <Link
              to="/login"
              state={{ from: `/store/team/start${productId ? `?product=${encodeURIComponent(productId)}` : ''}` }}
            >
              Sign in
            </Link>{' '}
            to start a team order.
          </p>
        )}
      </div>
    </>
  );
}

function StartForm({ productId }: { productId: string | null }) {
  const { products } = useProducts();
  // Drawn afresh once, when the catalogue first arrives (so the lead's product starts chosen); a
  // live catalogue update after that keeps what the lead has typed and chosen.
  return (
    <StartTeamOrderForm
      key={products.length > 0 ? 'loaded' : 'loading'}
      catalogue={products}
      initialProductId={productId}
    />
  );
}
