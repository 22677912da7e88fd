import { Link } from 'react-router-dom';
import { ORDER_STATUS_PATH } from '@shop/shared/pages';
import { SITE } from '../../config/site';
import { Logo } from './logo';
import { CurrencyPicker } from './currency-picker';

const COLUMNS = [
  {
    title: 'Studio',
    links: [
      { to: '/about', label: 'About us' },
      { to: '/team', label: 'Team' },
      { to: '/clients', label: 'Clients and case studies' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    title: 'Services',
    links: [
      { to: '/service-details', label: 'What we do' },
      { to: '/packages', label: 'Packages and prices' },
      { to: '/packages/seasons', label: 'Seasonal offers' },
      { to: '/hire', label: 'Hire the team' },
      { to: '/templates', label: 'Starter templates' },
    ],
  },
  {
    title: 'Shop',
    links: [
      { to: '/store', label: 'Merch store' },
      { to: '/store/cart', label: 'Your cart' },
      { to: ORDER_STATUS_PATH, label: 'Find your order' },
      { to: '/privacy', label: 'Privacy policy' },
    ],
  },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Logo />
          <p>{SITE.tagline}</p>
          <address>
            {SITE.address}
            <br />
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            <br />
            <a href={`tel:${SITE.phoneHref}`}>{SITE.phone}</a>
          </address>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__locale">
        <CurrencyPicker />
      </div>
      <div className="container site-footer__legal">
        <p>
          © {SITE.founded}–{year} {SITE.name} LLC. All rights reserved.
        </p>
        <p>
          <Link to="/privacy">Privacy and cookies</Link>
        </p>
      </div>
    </footer>
  );
}
