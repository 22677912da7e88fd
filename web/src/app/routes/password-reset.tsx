import { PAGE_META } from '@shop/shared/pages';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PasswordResetPage } from '../../features/auth/components/password-reset-page';

// /account/reset-password: opened from the reset e-mail's link; never indexed (shared/src/pages).
export function Component() {
  usePageMeta(PAGE_META.passwordReset);
  return (
    <>
      <PageHeader eyebrow="Account" title="Choose a new password" />
      <PasswordResetPage />
    </>
  );
}
