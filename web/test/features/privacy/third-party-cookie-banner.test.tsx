import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { ThirdPartyCookieBanner } from '../../../src/features/privacy/components/third-party-cookie-banner';
import { frameCookieCheck, pickProbeOrigin } from '../../../src/features/privacy/third-party-cookies';
import { reportIfCookieDependent } from '../../../src/lib/cookie-dependent-failure';

const TEXT = 'Your browser has third-party cookies disabled. Some features may not work properly.';
const PROBE = 'https://probe.example.net';

/** A sign-in that failed the way blocked third-party cookies make it fail. */
const failSignIn = () => act(() => reportIfCookieDependent({ code: 'auth/web-storage-unsupported' }));

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('third-party cookie warning', () => {
  test('says nothing while nothing has failed, though the browser blocks the cookies', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    render(<ThirdPartyCookieBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    failSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
  });

  test('shows the spec text when the browser refuses cookies', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
    expect(MESSAGES.thirdPartyCookies).toBe(TEXT);
  });

  test('shows the warning when a test cookie does not stick', async () => {
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(() => undefined);
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
  });

  test('shows the warning when the check frame reported blocked earlier in this tab', async () => {
    sessionStorage.setItem('third-party-cookies', 'blocked');
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
  });

  test('stays away when the check frame reported cookies kept', async () => {
    sessionStorage.setItem('third-party-cookies', 'kept');
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  test('a dismissal holds in a new tab for 30 days, then the warning returns', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const now = Date.now();
    const first = render(<ThirdPartyCookieBanner />);
    failSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the cookie warning' }));
    first.unmount();
    // A new tab: nothing of the first tab's session storage.
    sessionStorage.clear();
    vi.spyOn(Date, 'now').mockReturnValue(now + 29 * 86_400_000);
    const nextTab = render(<ThirdPartyCookieBanner />);
    failSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    nextTab.unmount();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31 * 86_400_000);
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
  });

  test('can be dismissed, for the rest of the tab', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const first = render(<ThirdPartyCookieBanner />);
    failSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the cookie warning' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    first.unmount();
    render(<ThirdPartyCookieBanner />);
    failSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});

describe('the check frame', () => {
  test('is framed from another host than the page', () => {
    const loopback = ['http://127.0.0.1:3000', 'http://localhost:3000'];
    expect(pickProbeOrigin(loopback, 'localhost')).toBe('http://127.0.0.1:3000');
    expect(pickProbeOrigin(loopback, '127.0.0.1')).toBe('http://localhost:3000');
    expect(pickProbeOrigin([], 'localhost')).toBeNull();
  });

  function answer(frame: HTMLIFrameElement, origin: string, data: unknown) {
    window.dispatchEvent(new MessageEvent('message', { origin, data, source: frame.contentWindow }));
  }

  test('believes only its own frame, from the origin it asked', async () => {
    const verdict = frameCookieCheck(PROBE, 200);
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[src="${PROBE}/cookie-probe"]`)!;
    expect(frame).not.toBeNull();
    answer(frame, 'https://evil.example', { type: 'third-party-cookie-check', cookiesKept: false });
    window.dispatchEvent(
      new MessageEvent('message', { origin: PROBE, data: { type: 'third-party-cookie-check', cookiesKept: false } }),
    );
    answer(frame, PROBE, { type: 'something-else' });
    answer(frame, PROBE, { type: 'third-party-cookie-check', cookiesKept: false });
    await expect(verdict).resolves.toBe('blocked');
    expect(document.querySelector('iframe')).toBeNull();
  });

  test('says "unknown" when the frame never answers', async () => {
    await expect(frameCookieCheck(PROBE, 50)).resolves.toBe('unknown');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
