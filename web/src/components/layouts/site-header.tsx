import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCartCount } from '../../lib/cart/use-cart-count';
import { useAuthState } from '../../lib/auth/auth-session';
import { Logo } from './logo';

const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/service-details', label: 'Services', end: false },
  { to: '/packages', label: 'Packages', end: false },
  { to: '/clients', label: 'Work', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/store', label: 'Store', end: false },
] as const;

/** "Sign in" for visitors; once signed in, who is signed in (initial, and the address for screen readers). */
function AccountLink() {
  const auth = useAuthState();
  const { pathname } = useLocation();
  if (auth.status !== 'signed-in') {
    // Back to the page the visitor was on once signed in (their cart, their orders), not the store.
    return (
      <NavLink to="/login" state={pathname === '/login' ? undefined : { from: pathname }} className="site-nav__link">
        Sign in
      </NavLink>
    );
  }
  const who = auth.user.displayName || auth.user.email || 'your account';
  return (
    <NavLink
      to="/login"
      className="site-nav__link site-nav__account"
      aria-label={`Account, signed in as ${who}`}
      data-testid="header-account"
    >
      <span className="site-nav__avatar" aria-hidden="true">
        {who.charAt(0).toUpperCase()}
      </span>
      <span aria-hidden="true">Account</span>
    </NavLink>
  );
}

function CartBadge() {
  const count = useCartCount();
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <Link to="/store/cart" className="cart-link" aria-label={label}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.4" fill="currentColor" />
        <circle cx="17" cy="20" r="1.4" fill="currentColor" />
      </svg>
      {count > 0 && (
        <span className="cart-link__count" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  // The small-screen menu is open for the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Copperleaf Studio, home">
          <Logo />
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={open}
          aria-controls="primary-navigation"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <span className="hamburger" aria-hidden="true" />
        </button>
        <nav id="primary-navigation" aria-label="Main" className={`site-nav${open ? ' site-nav--open' : ''}`}>
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <AccountLink />
            </li>
            <li>
              <NavLink to="/contact/quote" className="button button--primary button--small site-nav__cta">
                Get a quote
              </NavLink>
            </li>
          </ul>
        </nav>
        <CartBadge />
      </div>
    </header>
  );
}
