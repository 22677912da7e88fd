import { useParams } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { TeamOrderMemberPage } from '../../features/team-order/components/team-order-member-page';

// /store/team/:token: a team order as its link shows it, to anyone who has the link.
export function Component() {
  usePageMeta(PAGE_META.teamOrderLink);
  const { token = '' } = useParams();
  return <TeamOrderMemberPage token={token} />;
}
