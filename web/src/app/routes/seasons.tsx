import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { CheckList } from '../../features/marketing/components/check-list';
import { Section } from '../../components/ui/section';
import { SEASONAL_OFFERS } from '../../features/marketing/content/packages';
import '../../features/marketing/marketing.css';

export function Component() {
  usePageMeta(PAGE_META.seasons);
  const month = new Date().getMonth();

  return (
    <>
      <PageHeader
        eyebrow="Packages"
        title="Seasonal offers"
        lead="Each season we run one focused, fixed-price offer timed to when it helps most. The current one is marked; book any of them ahead."
      />
      <Section label="Offers by season">
        <ul className="season-grid">
          {SEASONAL_OFFERS.map((offer) => {
            const current = offer.months.includes(month);
            return (
              <li
                key={offer.id}
                className={`card season-card season-card--${offer.id}${current ? ' season-card--current' : ''}`}
              >
                <p className="eyebrow">
                  {offer.season}
                  {current && <span className="badge">Running now</span>}
                </p>
                <h2>{offer.title}</h2>
                <p className="season-card__price">{offer.price}</p>
                <p>{offer.summary}</p>
                <CheckList items={offer.includes} />
              </li>
            );
          })}
        </ul>
        <p className="fine-print">
          Offers are booked in order of request; we take on at most four seasonal projects each season.
        </p>
      </Section>
      <CtaBand title="Book a seasonal offer" />
    </>
  );
}
