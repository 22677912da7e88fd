import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CaseStudyCard } from '../../features/marketing/components/case-study-card';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { CheckList } from '../../features/marketing/components/check-list';
import { CASE_STUDIES, TEMPLATES } from '../../features/marketing/content/case-studies';

// One page for /clients and /templates (spec section 2).
export function Component() {
  usePageMeta(PAGE_META.clients);

  return (
    <>
      <PageHeader
        eyebrow="Our work"
        title="Clients and templates"
        lead="A selection of recent projects with the numbers that mattered to each client, and the starter templates we build them from."
      />
      <section className="section" aria-labelledby="cases-title">
        <div className="container">
          <h2 id="cases-title" className="section__title">
            Case studies
          </h2>
          <div className="case-grid case-grid--detailed">
            {CASE_STUDIES.map((study) => (
              <CaseStudyCard key={study.id} study={study} detailed />
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tinted" id="templates" aria-labelledby="templates-title">
        <div className="container">
          <div className="section__heading">
            <p className="eyebrow">Templates</p>
            <h2 id="templates-title">Starter templates</h2>
            <p>
              The foundations we start client projects from, available on their own for teams who want to build
              themselves. Each comes with documentation and a one-hour onboarding call.
            </p>
          </div>
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
        </div>
      </section>
      <CtaBand />
    </>
  );
}
