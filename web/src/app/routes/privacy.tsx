import { useState } from 'react';
import { COOKIE_LIFETIME_ACCEPTED_DAYS, COOKIE_LIFETIME_DECLINED_DAYS } from '@shop/shared';
import { PageHeader } from '../../components/ui/page-header';
import { PAGE_META } from '@shop/shared/pages';
import { useHydrated } from '../../hooks/use-hydrated';
import { usePageMeta } from '../../hooks/use-page-meta';
import { SITE } from '../../config/site';
import { clearConsent, readConsent } from '../../features/privacy/consent';
import { reloadPage } from '../../lib/reload-page';
import { TableHeading } from '../../components/ui/table-heading';

const LAST_UPDATED = '3 November 2025';

function ConsentControl() {
  // The cookie is read after hydration: the pre-rendered page cannot know the visitor's choice.
  const hydrated = useHydrated();
  const [cleared, setCleared] = useState(false);
  const consent = hydrated && !cleared ? readConsent() : null;
  const describe =
    consent === 'accepted'
      ? 'You have accepted analytics.'
      : consent === 'declined'
        ? 'You have declined analytics.'
        : 'You have not made a choice yet.';
  return (
    <div className="callout">
      <p>
        <strong>Your current choice:</strong> {describe}
      </p>
      {consent && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            clearConsent();
            setCleared(true);
            // Analytics that already loaded stays in memory until the page is reloaded.
            reloadPage();
          }}
        >
          Change my cookie choice
        </button>
      )}
    </div>
  );
}

export function Component() {
  usePageMeta(PAGE_META.privacy);

  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Privacy policy"
        lead={`Last updated ${LAST_UPDATED}. Written to be read, not skimmed past.`}
      />
      <article className="container narrow prose legal">
        <section aria-labelledby="who">
          <h2 id="who">Who we are</h2>
          <p>
            {SITE.name} LLC (“we”, “us”) runs this website and the merch store on it. We are the controller of the
            personal data described here. You can reach us at <a href={`mailto:${SITE.email}`}>{SITE.email}</a>, by
            phone on {SITE.phone} or by post at {SITE.address}.
          </p>
        </section>

        <section aria-labelledby="collect">
          <h2 id="collect">What we collect and why</h2>
          <ul>
            <li>
              <strong>Quote requests.</strong> Your name, e-mail address, company (if you give it), the services you are
              interested in, your budget range and your message. We use them only to answer you and, if we work
              together, to prepare a proposal. Legal basis: steps taken at your request before entering a contract.
            </li>
            <li>
              <strong>Store orders.</strong> The items you buy, your name, e-mail and delivery address, and the order
              status. We need them to fulfil and support your order. Legal basis: performance of a contract.
            </li>
            <li>
              <strong>A guest identifier.</strong> When you use the store without an account, your browser keeps a
              random identifier (for example <code>guest-3f2a…</code>) in local storage so your cart is still there when
              you come back. It contains nothing about you and is never combined with analytics.
            </li>
            <li>
              <strong>Account data.</strong> If you create an account, your e-mail address and sign-in details are
              handled by our identity provider, Google Firebase Authentication, so that your cart follows you across
              devices.
            </li>
            <li>
              <strong>Server logs.</strong> Our servers record requests (address, time, page, browser) for security and
              troubleshooting. Logs are deleted after 30 days.
            </li>
          </ul>
        </section>

        <section aria-labelledby="cookies">
          <h2 id="cookies">Cookies and local storage</h2>
          <p>We keep cookies to a minimum and set no advertising cookies.</p>
          <table className="data-table">
            <TableHeading
              caption="Cookies and stored values used by this site"
              columns={['Name', 'Purpose', 'Kept for']}
            />
            <tbody>
              <tr>
                <td>
                  <code>cookie-consent</code> (cookie)
                </td>
                <td>Remembers whether you accepted or declined analytics, so we do not ask on every page.</td>
                <td>
                  {COOKIE_LIFETIME_ACCEPTED_DAYS} days if you accept, {COOKIE_LIFETIME_DECLINED_DAYS} days if you
                  decline
                </td>
              </tr>
              <tr>
                <td>
                  <code>analytics-consent</code> (local storage)
                </td>
                <td>A copy of your analytics choice, read before any analytics code loads.</td>
                <td>Until you clear your browser data</td>
              </tr>
              <tr>
                <td>
                  <code>guestUserId</code>, <code>cart</code> (local storage)
                </td>
                <td>Your guest identifier and cart, so the store remembers what you chose.</td>
                <td>Until you clear your browser data</td>
              </tr>
              <tr>
                <td>Analytics cookies</td>
                <td>Set by Google Analytics only after you accept, to count visits and pages.</td>
                <td>Up to 13 months</td>
              </tr>
            </tbody>
          </table>
          <p>
            If your browser blocks cookies, the site still works; you may see a notice that some features, such as
            signing in, may not work properly.
          </p>
        </section>

        <section aria-labelledby="analytics">
          <h2 id="analytics">Analytics, only with your consent</h2>
          <p>
            We use Google Analytics to learn which pages are useful, and only if you press <em>Accept</em> on the cookie
            banner. Until then no analytics code is downloaded at all. IP addresses are anonymised, and we have turned
            off advertising features and data sharing. If an ad blocker or your browser’s tracking protection stops
            analytics, nothing else on the site is affected.
          </p>
          <ConsentControl />
        </section>

        <section aria-labelledby="payments">
          <h2 id="payments">Payments through Stripe</h2>
          <p>
            Store payments are taken on a checkout page hosted by Stripe, Inc. Your card details go directly to Stripe
            and never pass through or get stored on our servers. Stripe tells us whether a payment succeeded, along with
            your name, e-mail and address for the order. Stripe processes payment data under its own privacy policy and
            may set its own cookies on its checkout page for fraud prevention.
          </p>
        </section>

        <section aria-labelledby="fulfilment">
          <h2 id="fulfilment">Printing and delivery through Printful</h2>
          <p>
            Merch is printed and shipped on demand by Printful, Inc. To fulfil your order we send Printful your name,
            delivery address, e-mail address (for delivery updates) and the items ordered. Printful processes this data
            as our processor and under its own privacy policy for shipping partners. Printful may be located outside
            your country; transfers are covered by standard contractual clauses.
          </p>
        </section>

        <section aria-labelledby="retention">
          <h2 id="retention">How long we keep data</h2>
          <ul>
            <li>Quote requests: 24 months after our last contact, unless we go on to work together.</li>
            <li>Orders: 7 years, because tax law requires us to keep sales records.</li>
            <li>Guest carts stored on our servers: deleted after 30 days without activity.</li>
            <li>Server logs: 30 days.</li>
          </ul>
        </section>

        <section aria-labelledby="rights">
          <h2 id="rights">Your rights</h2>
          <p>
            Depending on where you live (including under the EU and UK GDPR and the California Consumer Privacy Act),
            you can ask us for a copy of your data, ask us to correct or delete it, object to or restrict how we use it,
            and withdraw consent at any time. We do not sell personal data or share it for cross-context behavioural
            advertising. Write to <a href={`mailto:${SITE.email}`}>{SITE.email}</a>; we answer within 30 days. You may
            also complain to your local data protection authority.
          </p>
        </section>

        <section aria-labelledby="changes">
          <h2 id="changes">Changes to this policy</h2>
          <p>
            When we change this policy we update the date at the top. If a change affects how we use data you have
            already given us, we will tell you by e-mail before it takes effect.
          </p>
        </section>
      </article>
    </>
  );
}
