import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { CheckList } from '../../features/marketing/components/check-list';
import { Section } from '../../components/ui/section';
import '../../features/marketing/marketing.css';

const MODELS = [
  {
    title: 'Fixed-scope project',
    price: 'From $4,900',
    text: 'A defined outcome (a new site, a store, an application) for a fixed price agreed after discovery. Best when you know what you need and want certainty on cost.',
    points: [
      'Paid two-week discovery first',
      'Fixed price for the launch scope',
      'Fortnightly releases to a preview site',
    ],
  },
  {
    title: 'Monthly retainer',
    price: 'From $3,200 / month',
    text: 'A reserved number of days each month for continuous improvement of a product you already run. Best for teams with a steady stream of changes.',
    points: ['Reserved days, booked a month ahead', 'Unused days roll over once', 'Monthly planning call and report'],
  },
  {
    title: 'Team extension',
    price: '$1,150 per developer day',
    text: 'One or two of our engineers join your team, your stand-ups and your code review for a few weeks or months. Best when you need senior help quickly.',
    points: [
      'Starts within two weeks',
      'Works in your tools and repositories',
      'Knowledge transfer built into the plan',
    ],
  },
];

const FAQ = [
  {
    q: 'How soon can you start?',
    a: 'Discovery usually starts within three weeks of a signed proposal. Team extensions can start within two weeks. We tell you our availability in the first reply.',
  },
  {
    q: 'Do we own the code?',
    a: 'Yes. Everything we write for you is yours on payment, in repositories and accounts in your name. We keep no licence fees on work we built for you.',
  },
  {
    q: 'Can you work with our in-house developers?',
    a: 'Gladly. Many projects are shared: we build the foundations and pair with your team so they can carry on without us.',
  },
  {
    q: 'What do you not do?',
    a: 'Native mobile apps, search advertising and social media management. We happily recommend trusted partners for each.',
  },
];

export function Component() {
  usePageMeta(PAGE_META.hire);

  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="Hire the studio"
        lead="Three ways to work with us, depending on how well defined your project is and how much of your own team you want involved."
      />
      <Section labelledBy="models-title">
        <h2 id="models-title" className="visually-hidden">
          Ways to work with us
        </h2>
        <ul className="model-grid">
          {MODELS.map((m) => (
            <li key={m.title} className="card model-card">
              <h3>{m.title}</h3>
              <p className="model-card__price">{m.price}</p>
              <p>{m.text}</p>
              <CheckList items={m.points} />
            </li>
          ))}
        </ul>
      </Section>
      <Section tinted labelledBy="faq-title" container="narrow">
        <h2 id="faq-title">Questions we are often asked</h2>
        <div className="faq">
          {FAQ.map((item) => (
            <details key={item.q} className="faq__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
        <p>
          Prefer a packaged price? See our <Link to="/packages">website packages</Link>.
        </p>
      </Section>
      <CtaBand />
    </>
  );
}
