import { Link } from 'react-router-dom';
import { Hero } from '../../components/ui/hero';
import { Section, SectionHeading } from '../../components/ui/section';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CaseStudyCard } from '../../features/marketing/components/case-study-card';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { Icon } from '../../features/marketing/components/icon';
import { CASE_STUDIES } from '../../features/marketing/content/case-studies';
import { SERVICES } from '../../features/marketing/content/services';
import '../../features/marketing/marketing.css';

const STATS = [
  { value: '140+', label: 'sites and apps launched since 2016' },
  { value: '1.8 s', label: 'median load time of our launches on a mid-range phone' },
  { value: '100%', label: 'of projects since 2021 shipped with a WCAG 2.2 AA audit' },
  { value: '4.9/5', label: 'average rating from client reviews' },
];

const PROCESS = [
  {
    step: 'Discover',
    text: 'Two weeks of interviews, content inventory and a clickable prototype, ending in a fixed price you can plan around.',
  },
  {
    step: 'Design',
    text: 'Real content in real layouts, tested with the people who will use them. No lorem ipsum, no surprises at launch.',
  },
  {
    step: 'Build',
    text: 'Fortnightly releases to a preview site you can click through, with automated tests and accessibility checks on every change.',
  },
  {
    step: 'Care',
    text: 'After launch we stay on call: updates, monitoring and small improvements, with a developer who knows your code.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'They asked better questions about our business in the first week than our previous agency did in a year. The new store paid for itself by spring.',
    name: 'Dana Whitfield',
    role: 'Founder, Harbour & Co. Coffee Roasters',
  },
  {
    quote:
      'Our oldest members use the portal without calling us. That was the whole brief, and Copperleaf took it seriously from the first interview.',
    name: 'Rahul Menon',
    role: 'Board chair, Northfield Community Energy',
  },
];

export function Component() {
  usePageMeta(PAGE_META.home);

  return (
    <>
      <Hero
        variant="home"
        id="home-title"
        eyebrow="Web design and development studio · Portland, Oregon"
        title="We build websites that load fast, read well and work for everyone."
        lead="Copperleaf is a team of five designers and engineers. We plan, design, build and look after marketing sites, web applications and online stores, with fixed prices and no hand-offs to people you have never met."
      >
        <div className="hero__actions">
          <Link to="/contact/quote" className="button button--primary button--large">
            Get a quote
          </Link>
          <Link to="/clients" className="button button--on-dark button--large">
            See our work
          </Link>
        </div>
      </Hero>

      <section className="stats" aria-label="The studio in numbers">
        <dl className="container stats__grid">
          {STATS.map((s) => (
            <div key={s.label} className="stats__item">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section labelledBy="services-title">
        <SectionHeading
          id="services-title"
          eyebrow="What we do"
          title="Six services, one team from the first call to long after launch"
        />
        <ul className="service-grid">
          {SERVICES.map((s) => (
            <li key={s.id} className="card service-card">
              <span className="service-card__icon">
                <Icon name={s.icon} size={28} />
              </span>
              <h3>{s.title}</h3>
              <p>{s.summary}</p>
              <p className="service-card__price">From {s.fromPrice}</p>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <Link to="/service-details" className="text-link">
            What each service includes <Icon name="arrow" size={18} />
          </Link>
        </p>
      </Section>

      <Section tinted labelledBy="process-title">
        <SectionHeading
          id="process-title"
          eyebrow="How we work"
          title="A process built around fixed prices and early feedback"
        />
        <ol className="process">
          {PROCESS.map((p, i) => (
            <li key={p.step} className="process__step">
              <span className="process__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3>{p.step}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="work-title">
        <SectionHeading id="work-title" eyebrow="Selected work" title="Results our clients can measure" />
        <div className="case-grid">
          {CASE_STUDIES.slice(0, 3).map((study) => (
            <CaseStudyCard key={study.id} study={study} />
          ))}
        </div>
        <p className="section__more">
          <Link to="/clients" className="text-link">
            All case studies and templates <Icon name="arrow" size={18} />
          </Link>
        </p>
      </Section>

      <Section tinted labelledBy="testimonials-title">
        <h2 id="testimonials-title" className="visually-hidden">
          What clients say
        </h2>
        <div className="testimonials">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="testimonial">
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{t.name}</strong>
                <span>{t.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <Section labelledBy="merch-title" container="merch-teaser">
        <div>
          <p className="eyebrow">The studio store</p>
          <h2 id="merch-title">Wear the leaf</h2>
          <p>
            Our merch store runs on the same print-on-demand stack we build for clients: shirts, mugs and caps printed
            when you order them, shipped worldwide, paid through a hosted checkout.
          </p>
          <Link to="/store" className="button button--ghost">
            Visit the store
          </Link>
        </div>
        <svg className="merch-teaser__art" viewBox="0 0 360 240" aria-hidden="true" focusable="false">
          <rect width="360" height="240" rx="20" fill="#f3ece4" />
          <path
            d="M92 52l-44 24 16 38 20-9v99h104v-99l20 9 16-38-44-24c-6 15-20 24-44 24s-38-9-44-24z"
            fill="#1b1714"
          />
          <path d="M160 118c-10-6-26-3-26 12 0 14 26 28 26 28s26-14 26-28c0-15-16-18-26-12z" fill="#e08a4f" />
          <rect x="236" y="112" width="70" height="84" rx="10" fill="#ffffff" stroke="#1b1714" strokeWidth="6" />
          <path d="M306 130h12a16 16 0 0 1 0 32h-12" fill="none" stroke="#1b1714" strokeWidth="6" />
          <path d="M262 146c4-8 18-8 18 2 0 9-9 15-9 15s-9-6-9-15z" fill="#e08a4f" />
        </svg>
      </Section>

      <CtaBand />
    </>
  );
}
