import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { ThirdPartyCookieBanner } from '../../../src/features/privacy/components/third-party-cookie-banner';

const TEXT = 'Your browser has third-party cookies disabled. Some features may not work properly.';

describe('third-party cookie warning', () => {
  test('shows the spec text when the browser refuses cookies', () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    render(<ThirdPartyCookieBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT);
    expect(MESSAGES.thirdPartyCookies).toBe(TEXT);
  });

  test('shows the warning when a test cookie does not stick', () => {
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(() => undefined);
    render(<ThirdPartyCookieBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT);
  });

  test('stays away when cookies work', () => {
    render(<ThirdPartyCookieBanner />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  test('can be dismissed', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    render(<ThirdPartyCookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the cookie warning' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});
