import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@shop/shared';
import { CONSENT_RETURN_PLACEHOLDER } from '@shop/shared/pages';
import { CookieConsentBanner } from '../../../src/features/privacy/components/cookie-consent-banner';

const DAY = 24 * 60 * 60;

function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieConsentBanner />
    </MemoryRouter>,
  );
}

/** Every cookie string the page writes, with its attributes (document.cookie hides them on read). */
function recordCookieWrites() {
  const setter = vi.spyOn(Document.prototype, 'cookie', 'set');
  return () => setter.mock.calls.map(([value]) => String(value));
}

const banner = () => screen.queryByRole('region', { name: 'Cookies and analytics' });

describe('cookie consent banner', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  test('is shown until the visitor chooses', () => {
    renderBanner();
    expect(banner()).toBeInTheDocument();
    // A labelled <section> is a region already: no redundant role attribute (ARIA's first rule).
    expect(banner()?.tagName).toBe('SECTION');
    expect(banner()).not.toHaveAttribute('role');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('accepting stores an "accepted" cookie for a year, mirrors it into local storage and hides the banner', async () => {
    const writes = recordCookieWrites();
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    const consentWrite = writes().find((w) => w.startsWith(`${STORAGE_KEYS.cookieConsent}=`));
    expect(consentWrite).toContain('cookie-consent=accepted');
    expect(consentWrite).toContain(`Max-Age=${365 * DAY}`);
    expect(document.cookie).toContain('cookie-consent=accepted');
    expect(localStorage.getItem('analytics-consent')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('accepted');
    expect(banner()).not.toBeInTheDocument();
  });

  test("a keyboard choice leaves focus on the page's main heading, not lost on the body", async () => {
    render(
      <MemoryRouter>
        <CookieConsentBanner />
        <main id="main">
          <h1>Store</h1>
        </main>
      </MemoryRouter>,
    );
    screen.getByRole('button', { name: 'Decline' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(banner()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Store' }));
  });

  test('declining stores a "declined" cookie for 30 days, keeps analytics off and hides the banner', async () => {
    const writes = recordCookieWrites();
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));

    const consentWrite = writes().find((w) => w.startsWith(`${STORAGE_KEYS.cookieConsent}=`));
    expect(consentWrite).toContain('cookie-consent=declined');
    expect(consentWrite).toContain(`Max-Age=${30 * DAY}`);
    expect(localStorage.getItem('analytics-consent')).toBe('false');
    expect(banner()).not.toBeInTheDocument();
  });

  test('stays hidden on the next visit once a choice is recorded', async () => {
    const first = renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    first.unmount();
    renderBanner();
    expect(banner()).not.toBeInTheDocument();
  });

  test('the local-storage mirror remembers the choice when the cookie is gone', () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'accepted');
    renderBanner();
    expect(banner()).not.toBeInTheDocument();
  });

  test('accepting without an analytics id configured loads no analytics script', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});

// The server sends a first visit's page with the banner in it (the build renders it with
// renderConsentBanner); the browser hydrates that page, so the first render must be the same.
describe('cookie consent banner in the server HTML', () => {
  let root: HTMLElement;
  let hydrated: Root | undefined;
  const recoverable = vi.fn();

  beforeEach(() => {
    // The banner reads the server's HTML once per page load: a fresh module stands for a new page.
    vi.resetModules();
    recoverable.mockClear();
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  });

  afterEach(() => {
    act(() => hydrated?.unmount());
    hydrated = undefined;
    root.remove();
  });

  /** Hydrates `serverHtml` the way main.tsx hydrates a served page. */
  async function hydrate(serverHtml: string) {
    const { CookieConsentBanner: Banner } =
      await import('../../../src/features/privacy/components/cookie-consent-banner');
    // The router comes from the same fresh module graph as the banner, so they share its context.
    const { MemoryRouter } = await import('react-router-dom');
    // As the layout has it: the banner right after the skip link, ahead of the page.
    root.innerHTML = `<a class="skip-link" href="#main">Skip to main content</a>${serverHtml}<main><h1>Store</h1></main>`;
    const Layout = () => (
      <MemoryRouter>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <Banner />
        <main>
          <h1>Store</h1>
        </main>
      </MemoryRouter>
    );
    await act(async () => {
      hydrated = hydrateRoot(root, <Layout />, { onRecoverableError: recoverable });
    });
  }

  async function serverBanner(): Promise<string> {
    const { renderConsentBanner } = await import('../../../src/prerender/entry');
    // As the server sends it: with this page's own path as the form's way back.
    return renderConsentBanner().replace(CONSENT_RETURN_PLACEHOLDER, window.location.pathname);
  }

  test('a first visit hydrates the banner in place, and its buttons work once the script runs', async () => {
    const html = await serverBanner();
    expect(html).toContain('We use one cookie to remember this choice.');
    // Before the script runs the buttons send a plain form (POST /consent), not nothing.
    expect(html).not.toContain('disabled');
    expect(html).toMatch(/<form [^>]*action="\/consent" method="post"/);
    expect(html.match(/<button [^>]*type="submit"[^>]*>/g)).toHaveLength(2);
    expect(html).toContain(`value="declined"`);
    expect(html).toContain(`value="accepted"`);
    await hydrate(html);
    const sent = root.querySelector('.consent-banner');

    expect(recoverable).not.toHaveBeenCalled();
    expect(banner()).toBe(sent);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookie-consent=declined');
  });

  test('a page sent without it (the consent cookie was there) hydrates without it', async () => {
    document.cookie = 'cookie-consent=accepted; Path=/';
    await hydrate('');
    expect(recoverable).not.toHaveBeenCalled();
    expect(banner()).not.toBeInTheDocument();
  });

  test('where only local storage remembers the choice (cookies blocked), the banner the server sent leaves after hydration', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'declined');
    await hydrate(await serverBanner());
    expect(recoverable).not.toHaveBeenCalled();
    expect(banner()).not.toBeInTheDocument();
  });
});
