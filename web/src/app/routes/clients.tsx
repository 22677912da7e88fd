import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CaseStudyCard } from '../../features/marketing/components/case-study-card';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { CheckList } from '../../features/marketing/components/check-list';
import { Section, SectionHeading } from '../../components/ui/section';
import { CASE_STUDIES, TEMPLATES } from '../../features/marketing/content/case-studies';
import '../../features/marketing/marketing.css';

// One page for /clients and /templates (docs/rules.md#screens-and-routes).
export function Component() {
  usePageMeta(PAGE_META.clients);

  return (
    <>
      <PageHeader
        eyebrow="Our work"
        title="Clients and templates"
        lead="A selection of recent projects with the numbers that mattered to each client, and the starter templates we build them from."
      />
      <Section labelledBy="cases-title">
        <h2 id="cases-title" className="section__title">
          Case studies
        </h2>
        <div className="case-grid case-grid--detailed">
          {CASE_STUDIES.map((study) => (
            <CaseStudyCard key={study.id} study={study} detailed />
          ))}
        </div>
      </Section>
      <Section tinted id="templates" labelledBy="templates-title">
        <SectionHeading id="templates-title" eyebrow="Templates" title="Starter templates">
          <p>
            The foundations we start client projects from, available on their own for teams who want to build
            themselves. Each comes with documentation and a one-hour onboarding call.
          </p>
        </SectionHeading>
        <ul className="template-grid">
          {TEMPLATES.map((t) => (
            <li key={t.id} className="card template-card">
              <div
                className="template-card__art"
                style={{ background: `linear-gradient(160deg, ${t.palette[0]} 60%, ${t.palette[1]})` }}
                aria-hidden="true"
              >
                <span style={{ background: t.palette[1] }} />
                <span />
                <span />
              </div>
              <h3>{t.name}</h3>
              <p>{t.summary}</p>
              <CheckList items={t.features} />
              <p className="template-card__price">{t.price}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand />
    </>
  );
}
