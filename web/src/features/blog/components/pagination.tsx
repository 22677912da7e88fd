import { Link } from 'react-router-dom';
import '../blog.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** Link target for a page number. */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Blog pages">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="button button--ghost" rel="prev">
          Newer posts
        </Link>
      ) : (
        <span />
      )}
      <p>
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="button button--ghost" rel="next">
          Older posts
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
