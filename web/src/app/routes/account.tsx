import { PAGE_META } from '@shop/shared/pages';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { authSession, useAuthState } from '../../lib/auth/auth-session';
import { signOut } from '../../lib/auth/auth-actions';
import { AccountOrders } from '../../features/orders/components/account-orders';
import { AccountTeamOrders } from '../../features/team-order/components/account-team-orders';
import { pageNoticeState } from '../../lib/page-notice-state';

// /account: the signed-in shopper's page; their orders (GET /api/orders) and the team orders they
// started (GET /api/team-orders) are its sections.
export function Component() {
  usePageMeta(PAGE_META.account);
  const auth = useAuthState();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    authSession.load().catch(() => undefined);
  }, []);
  useEffect(() => {
    // Signed out while here (this page's button, the header's menu, another tab): nothing of theirs
    // is left to show, so on to the store, saying why the page changed.
    if (auth.status === 'signed-in') wasSignedIn.current = true;
    else if (auth.status === 'signed-out' && wasSignedIn.current) {
      void navigate('/store', { replace: true, state: pageNoticeState('signed-out') });
    }
  }, [auth.status, navigate]);

  if (auth.status === 'unknown') return <LoadingScreen label={MESSAGES.loading} />;
  return (
    <>
      <PageHeader eyebrow="Account" title="Your account" lead={auth.user?.email ?? undefined} />
      <div className="container page">
        {auth.status === 'signed-in' ? (
          <>
            <AccountOrders uid={auth.user.uid} />
            <AccountTeamOrders uid={auth.user.uid} />
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
