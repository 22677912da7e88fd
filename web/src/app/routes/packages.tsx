import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { Section, SectionHeading } from '../../components/ui/section';
import { PackageCard } from '../../features/marketing/components/package-card';
import { PACKAGES } from '../../features/marketing/content/packages';
import '../../features/marketing/marketing.css';

const ADD_ONS = [
  {
    name: 'Copywriting',
    price: '$180 per page',
    text: 'A professional copywriter interviews you and writes the page.',
  },
  {
    name: 'Photography direction',
    price: '$950',
    text: 'A half-day shoot plan, shot list and image editing for the web.',
  },
  { name: 'Extra language', price: '$1,400', text: 'Translation workflow, language switcher and localised SEO.' },
  { name: 'Care plan', price: '$650 / month', text: 'Updates, monitoring and monthly hours for small changes.' },
];

export function Component() {
  usePageMeta(PAGE_META.packages);

  return (
    <>
      <PageHeader
        eyebrow="Packages"
        title="Clear packages, fixed prices"
        lead={
          <>
            Most projects fit one of these three. If yours does not, we will price it after a short discovery. Looking
            for a limited-time offer? See the <Link to="/packages/seasons">seasonal offers</Link>.
          </>
        }
      />
      <Section labelledBy="tiers-title">
        <h2 id="tiers-title" className="visually-hidden">
          Packages
        </h2>
        <div className="package-grid">
          {PACKAGES.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
        <p className="fine-print">
          Prices in US dollars, excluding sales tax. Payment in three instalments: at the start, at design sign-off and
          at launch.
        </p>
      </Section>
      <Section tinted labelledBy="addons-title">
        <SectionHeading id="addons-title" eyebrow="Add-ons" title="Extras for any package" />
        <ul className="addon-grid">
          {ADD_ONS.map((a) => (
            <li key={a.name} className="card addon-card">
              <h3>{a.name}</h3>
              <p className="addon-card__price">{a.price}</p>
              <p>{a.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Not sure which package fits?"
        text="Describe your project and we will recommend one, or tell you honestly that you need something different."
      />
    </>
  );
}
