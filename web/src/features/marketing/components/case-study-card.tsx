import type { CaseStudy } from '../content/case-studies';
import '../marketing.css';

/** A case study as a card; `detailed` adds the challenge and the work. */
export function CaseStudyCard({ study, detailed = false }: { study: CaseStudy; detailed?: boolean }) {
  const [dark, light] = study.palette;
  return (
    <article className="card case-study" aria-labelledby={`case-${study.id}`}>
      <div
        className="case-study__art"
        style={{ background: `linear-gradient(135deg, ${dark}, ${dark} 55%, ${light})` }}
        aria-hidden="true"
      >
        <span className="case-study__browser">
          <span />
          <span />
          <span />
        </span>
        <span className="case-study__block case-study__block--wide" style={{ background: light }} />
        <span className="case-study__block" />
        <span className="case-study__block" />
      </div>
      <div className="case-study__body">
        <p className="eyebrow">
          {study.client} · {study.sector}
        </p>
        <h3 id={`case-${study.id}`}>{study.title}</h3>
        {detailed && (
          <>
            <h4>The challenge</h4>
            <p>{study.challenge}</p>
            <h4>What we did</h4>
            <p>{study.work}</p>
          </>
        )}
        <dl className="case-study__results">
          {study.results.map((r) => (
            <div key={r.label}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
