import { lazy, Suspense, useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { authSession, useAuthState } from '../../lib/auth/auth-session';

// The header's account entry: "Sign in" for visitors; once signed in, a menu with the shopper's
// orders, sign-out and (for admins) the admin pages (signed-in-menu.tsx). The menu's code loads
// only for a signed-in visitor, who waits for the identity SDK anyway, so the first script of
// every other visit does not carry it.

const SignedInMenu = lazy(() => import('./signed-in-menu'));

/** The session is being restored (or the menu's code is on its way): nothing yet, in the same space. */
const pending = <span className="site-nav__link site-nav__account site-nav__account--pending" aria-hidden="true" />;

export function AccountMenu() {
  const auth = useAuthState();
  const { pathname } = useLocation();

  useEffect(() => {
    // A session kept by this browser is restored on every page, so the header says who is signed in.
    void authSession.ready();
  }, []);

  if (auth.status === 'unknown') return pending;
  if (auth.status === 'signed-out') {
    // Back to the page the visitor was on once signed in (their cart, their orders), not the store.
    return (
      <NavLink
        to="/login"
        state={pathname === '/login' ? undefined : { from: pathname }}
        className="site-nav__link site-nav__sign-in"
      >
        Sign in
      </NavLink>
    );
  }
  return (
    <Suspense fallback={pending}>
      <SignedInMenu user={auth.user} />
    </Suspense>
  );
}
