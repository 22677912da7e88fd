import { act } from '@testing-library/react';
import { startTransition } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';

// A pre-rendered page is hydrated once, as a transition that yields to the browser. Nothing in the
// layout around every page may update it right after: such an update runs synchronously, and it
// would draw the whole layout again and hydrate the page's content in one long task, blocking taps
// on a phone for a quarter of a second.

const renders = vi.hoisted(() => ({ footer: 0 }));

vi.mock('../../src/components/layouts/site-footer', () => ({
  SiteFooter: () => {
    renders.footer++;
    return <footer>Footer</footer>;
  },
}));
vi.mock('../../src/components/layouts/site-header', () => ({ SiteHeader: () => <header>Header</header> }));
vi.mock('../../src/features/privacy/components/cookie-consent-banner', () => ({ CookieConsentBanner: () => null }));
vi.mock('../../src/features/privacy/components/third-party-cookie-banner', () => ({
  ThirdPartyCookieBanner: () => null,
}));
vi.mock('../../src/features/network-status/components/network-status-banner', () => ({
  NetworkStatusBanner: () => null,
}));
vi.mock('../../src/app/page-change-effects', () => ({ default: () => <p>Page change effects</p> }));

async function page() {
  const { RootLayout } = await import('../../src/app/root-layout');
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <h1>Store</h1> }] }],
    { initialEntries: ['/'] },
  );
  return <RouterProvider router={router} />;
}

describe('the layout of a pre-rendered page', () => {
  let root: HTMLElement | undefined;
  let hydrated: Root | undefined;

  afterEach(() => {
    act(() => hydrated?.unmount());
    root?.remove();
  });

  test('is hydrated without being drawn again, and mounts what page changes need afterwards', async () => {
    root = document.createElement('div');
    root.innerHTML = renderToString(await page());
    document.body.append(root);
    expect(root).toHaveTextContent('Footer');
    const element = await page();
    renders.footer = 0;
    const recoverable = vi.fn();

    await act(async () => {
      startTransition(() => {
        hydrated = hydrateRoot(root!, element, { onRecoverableError: recoverable });
      });
    });
    await vi.waitFor(() => expect(root).toHaveTextContent('Page change effects'));

    expect(recoverable).not.toHaveBeenCalled();
    expect(renders.footer).toBe(1);
    expect(root).toHaveTextContent('Store');
  });
});
