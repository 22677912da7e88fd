import { Link } from 'react-router-dom';
import '../marketing.css';

export interface CtaBandProps {
  title?: string;
  text?: string;
}

/** The closing invitation at the foot of marketing pages. */
export function CtaBand({
  title = 'Have a project in mind?',
  text = 'Tell us what you are planning. We reply within two working days with questions, a rough budget and a suggested next step.',
}: CtaBandProps) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-band__actions">
          <Link to="/contact/quote" className="button button--primary">
            Request a quote
          </Link>
          <Link to="/packages" className="button button--on-dark">
            See packages
          </Link>
        </div>
      </div>
    </section>
  );
}
