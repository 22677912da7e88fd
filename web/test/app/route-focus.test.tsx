import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useRouteFocus } from '../../src/hooks/use-route-focus';

// Focus moves to a new page's heading after a step inside the app (docs/rules.md#the-signed-in-shopper).
// The hook that does it loads after hydration; on a slow phone a keyboard user may already have
// followed a link by then (journey 3 saw focus left on the "Store" link): that step counts too.

function Page({ title }: { title: string }) {
  useRouteFocus('main');
  return (
    <main id="main" tabIndex={-1}>
      <h1>{title}</h1>
    </main>
  );
}

/** The hook mounts on /store, and the browser says the document it loaded was `loaded`. */
function mountOnStore(loaded: string) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `http://localhost${loaded}`, entryType: 'navigation' } as PerformanceEntry,
  ]);
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page title="Home" /> },
      { path: '/store', element: <Page title="Store" /> },
    ],
    { initialEntries: ['/store'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('focus after a step taken before the app was ready to move it', () => {
  test('a page reached by a link from the loaded page gets focus on its heading', async () => {
    mountOnStore('/');
    const heading = await screen.findByRole('heading', { name: 'Store' });
    expect(document.activeElement).toBe(heading);
  });

  test('the page the browser loaded keeps the browser’s own start', async () => {
    mountOnStore('/store');
    const heading = await screen.findByRole('heading', { name: 'Store' });
    expect(document.activeElement).not.toBe(heading);
  });
});
