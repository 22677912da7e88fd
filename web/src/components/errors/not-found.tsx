import { Link } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';

export interface NotFoundProps {
  title?: string;
  text?: string;
  backTo?: { href: string; label: string };
}

export function NotFound({
  title = PAGE_META.notFound.title,
  text = PAGE_META.notFound.description,
  backTo = { href: '/', label: 'Go to the home page' },
}: NotFoundProps) {
  usePageMeta({ title, description: text, noindex: true });
  return (
    <section className="status-screen" aria-labelledby="not-found-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title">{title}</h1>
      <p>{text}</p>
      <div className="status-screen__actions">
        <Link className="button button--primary" to={backTo.href}>
          {backTo.label}
        </Link>
        <Link className="button button--ghost" to="/contact/quote">
          Contact us
        </Link>
      </div>
    </section>
  );
}
