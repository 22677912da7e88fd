import { Link } from 'react-router-dom';
import { Hero } from '../../components/ui/hero';
import { Section, SectionHeading } from '../../components/ui/section';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { SITE } from '../../config/site';
import '../../features/marketing/marketing.css';

const VALUES = [
  {
    title: 'Fast by default',
    text: 'Every project has a performance budget from day one. A page that keeps a visitor waiting is a page that loses them, so speed is a requirement, not a nice-to-have.',
  },
  {
    title: 'Accessible from the start',
    text: 'One in four adults lives with a disability. We design and test for keyboards, screen readers and zoom from the first component, which is cheaper than fixing it later.',
  },
  {
    title: 'Plain language',
    text: 'No jargon in proposals, no surprises in invoices. If we cannot explain a decision in a sentence, we probably have not made it well.',
  },
  {
    title: 'Built to be handed over',
    text: 'Documented, tested and in your own accounts. You can keep working with us for years, or hand the code to your own team next month.',
  },
];

export function Component() {
  usePageMeta(PAGE_META.about);

  return (
    <>
      <Hero
        id="about-title"
        eyebrow="About the studio"
        title="A small studio that sweats the details"
        lead={
          <>
            Since {SITE.founded} we have helped coffee roasters, theatres, clinics and co-operatives turn their websites
            into the most useful thing they own.
          </>
        }
      />

      <Section labelledBy="story-title" container="prose-columns">
        <div>
          <h2 id="story-title">Our story</h2>
          <p>
            Maya Okafor started Copperleaf after eight years of building airline booking systems, where a slow page
            meant an empty seat. She wanted a studio that brought the same care for reliability and speed to
            organisations that could not afford an in-house team.
          </p>
          <p>
            We are still deliberately small: five people who each know every project we run. That means the person who
            scopes your project is the person who builds it, and the person who answers the phone after launch has read
            your code.
          </p>
        </div>
        <div>
          <h2>How we work with clients</h2>
          <p>
            Most projects start with a two-week paid discovery that ends in a fixed price. We then release to a preview
            site every two weeks, so you see progress long before launch and can change direction while it is still
            cheap.
          </p>
          <p>
            We work from a shared studio in Portland and remotely with clients across North America and Europe. About
            half of our work comes from clients who have been with us for more than three years.
          </p>
        </div>
      </Section>

      <Section tinted labelledBy="values-title">
        <SectionHeading id="values-title" eyebrow="What we believe" title="Four principles behind every project" />
        <ul className="value-grid">
          {VALUES.map((v) => (
            <li key={v.title} className="card value-card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <Link to="/team" className="text-link">
            Meet the team
          </Link>
        </p>
      </Section>

      <CtaBand title="Want to work with us?" />
    </>
  );
}
