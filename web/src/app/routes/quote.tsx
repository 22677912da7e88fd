import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { SITE } from '../../config/site';
import { QuoteForm } from '../../features/quotes/components/quote-form';
import '../../features/quotes/quote-form.css';

const NEXT_STEPS = [
  'Within two working days, the person who would lead your project replies with questions.',
  'A 30-minute call to talk through goals, audience, timing and budget.',
  'A written proposal with a fixed price for discovery and a range for the whole project.',
];

export function Component() {
  usePageMeta(PAGE_META.quote);

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Request a quote"
        lead="Tell us about your project. There is no obligation, and we never pass your details to anyone else."
      />
      <Section compact container="quote-layout">
        <QuoteForm />
        <aside className="quote-aside" aria-labelledby="next-steps-title">
          <h2 id="next-steps-title">What happens next</h2>
          <ol className="steps">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h2>Prefer to talk?</h2>
          <p>
            Call <a href={`tel:${SITE.phoneHref}`}>{SITE.phone}</a> (Monday to Friday, 9 am to 5 pm Pacific) or write to{' '}
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
          </p>
        </aside>
      </Section>
    </>
  );
}
