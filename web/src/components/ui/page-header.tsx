import type { ReactNode } from 'react';
import './page-header.css';

export interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** A slimmer block for pages whose content must show above the fold (the store, cart and checkout). */
  compact?: boolean;
}

/** The title block at the top of every content page (the page's one h1). */
export function PageHeader({ eyebrow, title, lead, children, compact = false }: PageHeaderProps) {
  return (
    <header className={compact ? 'page-header page-header--compact' : 'page-header'}>
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
