import { Link } from 'react-router-dom';
import type { Package } from '../content/packages';
import { CheckList } from './check-list';
import '../marketing.css';

export function PackageCard({ pkg }: { pkg: Package }) {
  return (
    <article
      className={`card package${pkg.featured ? ' package--featured' : ''}`}
      aria-labelledby={`package-${pkg.id}`}
    >
      {pkg.featured && <p className="package__badge">Most chosen</p>}
      <h3 id={`package-${pkg.id}`}>{pkg.name}</h3>
      <p className="package__price">
        <strong>{pkg.price}</strong> <span>{pkg.priceNote}</span>
      </p>
      <p className="package__best-for">{pkg.bestFor}</p>
      <CheckList items={pkg.features} />
      <p className="package__timeline">{pkg.timeline}</p>
      <Link to="/contact/quote" className={`button ${pkg.featured ? 'button--primary' : 'button--ghost'}`}>
        Ask about {pkg.name}
      </Link>
    </article>
  );
}
