import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { type SessionUser } from '../../lib/auth/auth-session';
import { signOut as endSession } from '../../lib/auth/auth-actions';
import { ACCOUNT_TEAM_ORDERS_PATH } from '@shop/shared/pages';

// The signed-in shopper's menu: orders, team orders, sign-out and (for admins) the admin pages. A disclosure
// button: Enter or Space opens it, Esc closes it and returns focus to the button, and it closes
// when focus or a click leaves it.

export default function SignedInMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const who = user.displayName || user.email || 'your account';
  const close = () => setOpenOn(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // The phone menu around it stays open: only this menu closes.
      event.stopPropagation();
      close();
      button.current?.focus();
    }
  };
  const signOut = async () => {
    close();
    await endSession();
  };

  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        type="button"
        ref={button}
        className="site-nav__link site-nav__account"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="header-account"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="site-nav__avatar" aria-hidden="true">
          {who.charAt(0).toUpperCase()}
        </span>
        {/* The name is the visible word "Account" first (WCAG 2.5.3: voice control finds it), then
            who is signed in, which the avatar's initial alone does not say. */}
        <span>Account</span>
        <span className="visually-hidden">, signed in as {who}</span>
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        <li>
          <Link to="/account" className="account-menu__item" onClick={close}>
            Orders
          </Link>
        </li>
        <li>
          <Link to={ACCOUNT_TEAM_ORDERS_PATH} className="account-menu__item" onClick={close}>
            Team orders
          </Link>
        </li>
        {user.admin && (
          <li>
            <Link to="/admin" className="account-menu__item" onClick={close}>
              Admin
            </Link>
          </li>
        )}
        <li>
          <button type="button" className="account-menu__item" onClick={() => void signOut()}>
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}
