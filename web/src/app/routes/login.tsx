import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { LoginPage } from '../../features/auth/components/login-page';

export function Component() {
  usePageMeta({ title: 'Sign in', description: 'Sign in to keep your cart on every device.' });
  return (
    <>
      <PageHeader eyebrow="Account" title="Sign in" lead="Sign in to keep your cart on every device." />
      <LoginPage />
    </>
  );
}
