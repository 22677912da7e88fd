import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { SyncConfigCheck } from '@shop/shared/schemas';
import { openDashboardSession } from '../api/admin-api';
import { AdminGuard } from './admin-guard';
import '../admin.css';

// The back office's one frame (docs/rules.md#the-back-office): the access check, a slim title and the admin
// navigation on every admin page, so the work starts above the fold. The queue dashboard is a
// separate (bull-board) page: its link first opens the dashboard's session, then goes there.

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Home' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/discounts', label: 'Discounts' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/team-orders', label: 'Team orders' },
  { to: '/admin/sync', label: 'Sync' },
] as const;

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

function QueuesLink() {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <a
        href={QUEUE_DASHBOARD_PATH}
        className="admin-nav__link"
        onClick={(e) => {
          e.preventDefault();
          openDashboardSession().then(
            () => window.location.assign(QUEUE_DASHBOARD_PATH),
            (err: Error) => setProblem(`The queue dashboard could not be opened: ${err.message}`),
          );
        }}
      >
        Queues
      </a>
      {problem && (
        <span role="alert" className="admin-nav__problem">
          {problem}
        </span>
      )}
    </>
  );
}

export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.to === '/admin'} className="admin-nav__link">
              {section.label}
            </NavLink>
          </li>
        ))}
        <li>
          <QueuesLink />
        </li>
      </ul>
    </nav>
  );
}

export interface AdminShellProps {
  /** Where the page lives, so that sign-in can come back to it. */
  from: string;
  title: string;
  lead?: string;
  children: (check: SyncConfigCheck) => ReactNode;
}

export function AdminShell({ from, title, lead, children }: AdminShellProps) {
  return (
    <AdminGuard from={from}>
      {(check) => (
        <>
          <header className="admin-header">
            <div className="container">
              <p className="eyebrow">Administration</p>
              <h1>{title}</h1>
              {lead && <p className="admin-header__lead">{lead}</p>}
              <AdminNav />
            </div>
          </header>
          {children(check)}
        </>
      )}
    </AdminGuard>
  );
}
