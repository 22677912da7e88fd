import type { ReactNode } from 'react';

export interface SectionProps {
  /** The id of the heading that names the section. */
  labelledBy?: string;
  /** The section's name when it shows no heading. */
  label?: string;
  /** An anchor other pages link to. */
  id?: string;
  /** The alternate background, so neighbouring sections stand apart. */
  tinted?: boolean;
  /** Less space above and below, for a section right under the page header. */
  compact?: boolean;
  /** Classes added to the inner container (a narrower column or a layout). */
  container?: string;
  children: ReactNode;
}

/** A full-width band of a content page, its content inside the page's container. */
export function Section({ labelledBy, label, id, tinted = false, compact = false, container, children }: SectionProps) {
  const className = `section${tinted ? ' section--tinted' : ''}${compact ? ' section--compact' : ''}`;
  return (
    <section className={className} id={id} aria-labelledby={labelledBy} aria-label={label}>
      <div className={container ? `container ${container}` : 'container'}>{children}</div>
    </section>
  );
}

export interface SectionHeadingProps {
  /** The heading's id, which the section names as its label. */
  id: string;
  eyebrow: string;
  title: string;
  /** An introduction under the title. */
  children?: ReactNode;
}

/** A section's heading block: the eyebrow, the title (h2) and an optional introduction. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="section__heading">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  );
}
