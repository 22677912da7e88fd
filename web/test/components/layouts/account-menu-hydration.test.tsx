import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AUTH_SESSION_HINT_KEY } from '@shop/shared';

// The server renders every page signed out (it cannot see this browser's session). A browser that
// kept a session starts restoring it as the page loads; hydration must still match the server's
// header, or React throws the server's page away and draws it again, logging an error.

vi.mock('../../../src/lib/auth/firebase-client', () => ({
  // The session is still being restored while the page hydrates.
  loadFirebaseAuth: () => new Promise(() => undefined),
}));

describe('header account entry on a served page', () => {
  let root: HTMLElement;
  let hydrated: Root | undefined;

  beforeEach(() => {
    vi.resetModules();
    root = document.createElement('div');
    document.body.append(root);
  });

  afterEach(() => {
    act(() => hydrated?.unmount());
    hydrated = undefined;
    root.remove();
  });

  async function page() {
    const { AccountMenu } = await import('../../../src/components/layouts/account-menu');
    const { MemoryRouter } = await import('react-router-dom');
    return (
      <MemoryRouter initialEntries={['/store']}>
        <nav aria-label="Main">
          <AccountMenu />
        </nav>
      </MemoryRouter>
    );
  }

  test('a shopper signed in yesterday gets the served page hydrated, not redrawn', async () => {
    root.innerHTML = renderToString(await page());
    expect(root).toHaveTextContent('Sign in');

    // The same page loading in the shopper's browser, where the session hint is kept.
    localStorage.setItem(AUTH_SESSION_HINT_KEY, '1');
    vi.resetModules();
    const recoverable = vi.fn();
    const element = await page();
    await act(async () => {
      hydrated = hydrateRoot(root, element, { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    // Once hydrated, the header stops offering "Sign in" while the session is restored.
    expect(root).not.toHaveTextContent('Sign in');
  });
});
