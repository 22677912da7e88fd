import { Link } from 'react-router-dom';
import { Hero } from '../../components/ui/hero';
import { Section } from '../../components/ui/section';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { CtaBand } from '../../features/marketing/components/cta-band';
import { TEAM } from '../../features/marketing/content/team';
import { SITE } from '../../config/site';
import '../../features/marketing/marketing.css';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export function Component() {
  usePageMeta(PAGE_META.team);

  return (
    <>
      <Hero
        id="team-title"
        eyebrow="The team"
        title="Five people, every project"
        lead="No account managers and no outsourcing. The people below are the people who will plan, design, build and support your project."
      />

      <Section label="Team members">
        <ul className="team-grid">
          {TEAM.map((member) => (
            <li key={member.name} className="card team-card">
              <span className="team-card__portrait" style={{ background: member.color }} aria-hidden="true">
                {initials(member.name)}
              </span>
              <h2 className="team-card__name">{member.name}</h2>
              <p className="team-card__role">{member.role}</p>
              <p>{member.bio}</p>
              <ul className="tag-list" aria-label={`${member.name} focuses on`}>
                {member.focus.map((f) => (
                  <li key={f} className="tag">
                    {f}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section tinted labelledBy="join-title" container="narrow">
        <h2 id="join-title">Join us</h2>
        <p>
          We hire rarely and carefully, usually one person a year. If you are a developer or designer who cares about
          accessibility and performance as much as we do, write to <a href={`mailto:${SITE.email}`}>{SITE.email}</a>{' '}
          with a link to something you built and are proud of. We read everything and answer everyone.
        </p>
        <p>
          Curious about how we work first? Read the <Link to="/blog">studio blog</Link>.
        </p>
      </Section>

      <CtaBand />
    </>
  );
}
