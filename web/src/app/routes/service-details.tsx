import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CheckList } from '../../features/marketing/components/check-list';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { Icon } from '../../features/marketing/components/icon';
import { SERVICES } from '../../features/marketing/content/services';
import '../../features/marketing/marketing.css';

export function Component() {
  usePageMeta(PAGE_META.services);

  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="What we do, in detail"
        lead="Every service below is delivered by the same five people, with the same standards for speed, accessibility and code you can hand over."
      >
        <nav aria-label="Services on this page" className="jump-links">
          {SERVICES.map((s) => (
            <a key={s.id} href={`#${s.id}`}>
              {s.title}
            </a>
          ))}
        </nav>
      </PageHeader>
      <div className="container service-details">
        {SERVICES.map((s) => (
          <section key={s.id} id={s.id} className="service-detail" aria-labelledby={`${s.id}-title`}>
            <div className="service-detail__intro">
              <span className="service-card__icon">
                <Icon name={s.icon} size={28} />
              </span>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              <p>{s.summary}</p>
              <dl className="service-detail__facts">
                <div>
                  <dt>Typical timeline</dt>
                  <dd>{s.timeline}</dd>
                </div>
                <div>
                  <dt>Starting price</dt>
                  <dd>{s.fromPrice}</dd>
                </div>
              </dl>
            </div>
            <div>
              <h3>What is included</h3>
              <CheckList items={s.includes} />
            </div>
          </section>
        ))}
      </div>
      <CtaBand />
    </>
  );
}
