import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { useAuthState } from '../../lib/auth/auth-session';
import { LoginPage } from '../../features/auth/components/login-page';

export function Component() {
  const auth = useAuthState();
  // The title says what the page is for this visitor: signing in, or their account once signed in.
  const signedIn = auth.status === 'signed-in';
  const title = signedIn ? 'Your account' : 'Sign in';
  const lead = signedIn
    ? 'Your cart is kept with your account on every device.'
    : 'Sign in to keep your cart on every device.';
  usePageMeta(signedIn ? { ...PAGE_META.login, title, description: lead } : PAGE_META.login);
  return (
    <>
      <PageHeader eyebrow="Account" title={title} lead={lead} />
      <LoginPage />
    </>
  );
}
