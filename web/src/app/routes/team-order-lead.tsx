import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { PAGE_META } from '@shop/shared/pages';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { usePageMeta } from '../../hooks/use-page-meta';
import { authSession, useAuthState } from '../../lib/auth/auth-session';
import { TeamOrderLeadPage } from '../../features/team-order/components/team-order-lead-page';

// /store/team/lead/:id: the lead's own page of one team order (signed in).
export function Component() {
  usePageMeta(PAGE_META.teamOrderLead);
  const { id = '' } = useParams();
  const auth = useAuthState();
  useEffect(() => {
    authSession.load().catch(() => undefined);
  }, []);
  if (auth.status === 'unknown') return <LoadingScreen label={MESSAGES.loading} />;
  if (auth.status !== 'signed-in') {
    return (
      <section className="container page">
        <h1>Your team order</h1>
        <p>
          <Link to="/login" state={{ from: `/store/team/lead/${id}` }}>
            Sign in
          </Link>{' '}
          to see your team order.
        </p>
      </section>
    );
  }
  return <TeamOrderLeadPage id={id} signedIn />;
}
