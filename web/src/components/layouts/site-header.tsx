import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCartCount } from '../../lib/cart/use-cart-count';
import { AccountMenu } from './account-menu';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';

const FOCUSABLE = 'a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';

const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/service-details', label: 'Services', end: false },
  { to: '/packages', label: 'Packages', end: false },
  { to: '/clients', label: 'Work', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/store', label: 'Store', end: false },
] as const;

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

/** `notice`: what the page says about the connection, hung just under the header wherever it is. */
export function SiteHeader({ notice }: { notice?: ReactNode } = {}) {
  const { pathname } = useLocation();
  // The small-screen menu is open for the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // The open menu covers the page: a click on the page below closes it.
    const closeOutside = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  // While the phone menu is open, Tab and Shift+Tab go round the header (the menu, its button and
  // the cart) instead of escaping to the page hidden behind it; Esc closes it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      setOpenOn(null);
      menuButton.current?.focus();
      return;
    }
    if (event.key !== 'Tab' || !header.current) return;
    const targets = [...header.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = targets[0];
    const last = targets[targets.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <header className="site-header" ref={header} onKeyDown={onKeyDown}>
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Copperleaf Studio, home">
          <Logo />
        </Link>
        <button
          type="button"
          ref={menuButton}
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
              <AccountMenu />
            </li>
            <li>
              <NavLink to="/contact/quote" className="button button--primary button--small site-nav__cta">
                Get a quote
              </NavLink>
            </li>
          </ul>
        </nav>
        {/* Anew on each page, so a search opened on one page is closed on the next. */}
        <HeaderSearch key={pathname} />
        <CartBadge />
      </div>
      {notice}
    </header>
  );
}
