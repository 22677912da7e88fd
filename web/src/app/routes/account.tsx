import { PAGE_META } from '@shop/shared/pages';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { authSession, useAuthState } from '../../lib/auth/auth-session';
import { signOut } from '../../lib/auth/auth-actions';
import { AccountOrders } from '../../features/orders/components/account-orders';

// /account: the signed-in shopper's page; their orders are its section (GET /api/orders).
export function Component() {
  usePageMeta(PAGE_META.account);
  const auth = useAuthState();
  useEffect(() => {
    authSession.load().catch(() => undefined);
  }, []);

  if (auth.status === 'unknown') return <LoadingScreen label={MESSAGES.loading} />;
  return (
    <>
      <PageHeader eyebrow="Account" title="Your account" lead={auth.user?.email ?? undefined} />
      <div className="container page">
        {auth.status === 'signed-in' ? (
          <>
            <AccountOrders uid={auth.user.uid} />
            <p>
              <button type="button" className="button button--ghost" onClick={() => void signOut()}>
                Sign out
              </button>
            </p>
          </>
        ) : (
          <p>
            <Link to="/login" state={{ from: '/account' }}>
              Sign in
            </Link>{' '}
            to see your orders.
          </p>
        )}
      </div>
    </>
  );
}
