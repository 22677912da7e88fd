import type { JSX } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { extraRoutesOnNavigation, routes } from '../../src/app/router';
import { extraRoutes } from '../../src/app/extra-routes';
import { EXTRA_PAGE_PATHS } from '@shop/shared/pages';
import { RouteErrorScreen } from '../../src/components/errors/route-error-screen';
import { lazyRoute } from '../../src/lib/chunk-loader';
import { createQueryClient } from '../../src/lib/query-client';
import { reloadPage } from '../../src/lib/reload-page';

vi.mock('../../src/lib/reload-page', () => ({ reloadPage: vi.fn() }));

// Page chunks are transformed on first import, which can take a while on a busy machine.
const LAZY = { timeout: 15_000 };

function renderAt(path: string, routeTable: RouteObject[] = routes, answeredNotFound: string | null = null) {
  const router = createMemoryRouter(routeTable, {
    initialEntries: [path],
    patchRoutesOnNavigation: extraRoutesOnNavigation({ answeredNotFound }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('application router', { timeout: 30_000 }, () => {
  test('shows "Loading..." inside the layout while a page chunk downloads, then the page', async () => {
    let arrive: (module: { Component: () => JSX.Element }) => void = () => undefined;
    const chunk = new Promise<{ Component: () => JSX.Element }>((resolve) => (arrive = resolve));
    // The real layout and its page group, with one page whose chunk arrives when the test says so.
    const layout = routes[0] as NonIndexRouteObject;
    const pages = layout.children![0] as NonIndexRouteObject;
    renderAt('/slow', [{ ...layout, children: [{ ...pages, children: [{ path: 'slow', lazy: () => chunk }] }] }]);

    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    arrive({ Component: () => <h1>Arrived</h1> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrived' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText('Loading...')).not.toBeInTheDocument();
  });

  test('a page sets its document title and meta description', async () => {
    renderAt('/packages');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clear packages, fixed prices' }, LAZY),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Packages and prices | Copperleaf Studio'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('Launch at $4,900'),
    );
  });

  test("after following a link, focus is on the new page's main heading", async () => {
    const router = renderAt('/packages');
    await screen.findByRole('heading', { level: 1, name: 'Clear packages, fixed prices' }, LAZY);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    await screen.findByRole('heading', { level: 1, name: 'Notes from the studio' }, LAZY);
    await waitFor(
      () =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Notes from the studio' })),
      LAZY,
    );
  });

  test('a developer page and an extra storefront open at their addresses, though the first script has neither', async () => {
    // Not in the route table the first script carries: added when one of them is visited.
    const pages = (routes[0] as NonIndexRouteObject).children![0] as NonIndexRouteObject;
    expect(pages.children!.map((r) => r.path)).not.toContain('api-test');
    expect(pages.children!.map((r) => r.path)).not.toContain('admin/orders');
    const later = extraRoutes.map((r) => `/${r.path}`);
    expect(later.filter((p) => !p.startsWith('/admin')).sort()).toEqual([...EXTRA_PAGE_PATHS].sort());

    const router = renderAt('/api-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'API test' }, LAZY)).toBeInTheDocument();
    await router.navigate('/store/old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Classic store' }, LAZY)).toBeInTheDocument();
  });

  test('a developer page the server answered "not found" (production) stays not found: its route never joins the table', async () => {
    const router = renderAt('/api-test', routes, '/api-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LAZY)).toBeInTheDocument();
    const paths = JSON.stringify(router.routes, (key, value: unknown) => (key === 'lazy' ? undefined : value));
    expect(paths).not.toContain('"api-test"');
    expect(screen.queryByRole('heading', { name: 'API test' })).toBeNull();
  });

  test('an unknown address renders "Page not found"', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LAZY)).toBeInTheDocument();
  });

  test('/success redirects to /store/order-success with the same query string', async () => {
    const router = renderAt('/success?session_id=cs_123');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    expect(router.state.location.pathname).toBe('/store/order-success');
    expect(router.state.location.search).toBe('?session_id=cs_123');
  });

  test('after a redirect or a step the head names the page shown: its canonical address and whether it may be indexed', async () => {
    const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    const robots = () => document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content;
    const router = renderAt('/success?session_id=cs_123');
    await screen.findByRole('heading', { level: 1 }, LAZY);
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/store/order-success`));
    expect(robots()).toBe('noindex');

    await router.navigate('/templates');
    await screen.findByRole('heading', { level: 1, name: 'Clients and templates' }, LAZY);
    // An alias names the address search engines should index.
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/clients`));
    expect(robots()).toBeUndefined();
  });
});

describe('router error screens', () => {
  const withErrorScreen = (route: RouteObject): RouteObject[] => [
    { path: '/', errorElement: <RouteErrorScreen />, children: [route] },
  ];

  test('a route that fails with a status shows "Unexpected Application Error!" and the status', async () => {
    renderAt(
      '/broken',
      withErrorScreen({
        path: 'broken',
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        element: <p>never</p>,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  test('a page that throws while rendering shows "Unexpected Application Error!" and the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('price list is empty');
    };
    renderAt('/broken', withErrorScreen({ path: 'broken', Component: Broken }));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('price list is empty')).toBeInTheDocument();
  });

  test('a page chunk that fails twice shows "Loading chunk {n} failed" and a Reload button', async () => {
    const importer = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderAt('/about', withErrorScreen({ path: 'about', lazy: lazyRoute('about', importer) }));
    expect(await screen.findByRole('heading', { name: 'Loading chunk about failed' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalled();
  });
});
