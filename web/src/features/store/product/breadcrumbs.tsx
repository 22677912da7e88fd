import { Link } from 'react-router-dom';
import { productBreadcrumbs } from '@shop/shared/pages';

/** Home > Store > category > product; the same trail the server writes as BreadcrumbList. */
export function ProductBreadcrumbs({ product }: { product: { id: string; title: string; category: string } }) {
  const crumbs = productBreadcrumbs(product);
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.path}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
