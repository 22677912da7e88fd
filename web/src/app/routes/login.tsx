import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LoginPage } from '../../features/auth/components/login-page';

export function Component() {
  usePageMeta(PAGE_META.login);
  return (
    <>
      <PageHeader eyebrow="Account" title="Sign in" lead="Sign in to keep your cart on every device." />
      <LoginPage />
    </>
  );
}
