import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { lazyRoute } from '../../../src/lib/chunk-loader';
import {
  MISSING_PICTURE,
  OfflineNavigationNotice,
} from '../../../src/features/network-status/components/offline-navigation-notice';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

afterEach(() => vi.restoreAllMocks());

function renderStore(cartImporter: () => Promise<{ Component: () => ReactElement }>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <OfflineNavigationNotice />
            <Outlet />
          </>
        ),
        children: [
          {
            path: 'store',
            element: (
              <>
                <img alt="" src="/images/hoodie.png" data-testid="picture" />
                <Link to="/store/cart">Cart</Link>
              </>
            ),
          },
          { path: 'store/cart', lazy: lazyRoute('cart', cartImporter) },
        ],
      },
    ],
    { initialEntries: ['/store'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('an offline tap on a link', () => {
  test('says the page needs a connection in a live region, and opens the page when the connection returns', async () => {
    setOnline(false);
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: () => <h1>Your cart</h1> });
    renderStore(importer);
    const region = screen.getByTestId('offline-navigation');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent('');

    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(await screen.findByText(MESSAGES.offlineNavigation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(region).toHaveTextContent('');
  });

  test('a picture that fails offline shows a neutral square instead of a broken image, and is asked for again online', () => {
    setOnline(false);
    renderStore(() => new Promise(() => {}));
    const picture = screen.getByTestId('picture') as HTMLImageElement;
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe(MISSING_PICTURE);

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(picture.getAttribute('src')).toBe('/images/hoodie.png');
  });
});
