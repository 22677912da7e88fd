import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@shop/shared';
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
    expect(screen.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/privacy');
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
