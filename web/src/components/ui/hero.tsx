import type { ReactNode } from 'react';
import { ParticlesBackground } from './particles-background';

export interface HeroProps {
  /** The id of the title, which names the section. */
  id: string;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** `home` is the taller hero of the home page. */
  variant?: 'home' | 'page';
  /** Shown under the lead (the home page's buttons). */
  children?: ReactNode;
}

/** The dark title block with drifting particles that opens the studio's own pages (the page's one h1). */
export function Hero({ id, eyebrow, title, lead, variant = 'page', children }: HeroProps) {
  return (
    <section className={`hero hero--${variant}`} aria-labelledby={id}>
      <ParticlesBackground />
      <div className="container hero__content">
        <p className="eyebrow eyebrow--on-dark">{eyebrow}</p>
        <h1 id={id}>{title}</h1>
        <p className="hero__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
