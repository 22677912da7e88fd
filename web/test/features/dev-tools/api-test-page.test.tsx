import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TEST_PAGE_PRODUCTS } from '@shop/shared';
import { ApiTestPage } from '../../../src/features/dev-tools/components/api-test-page';

// /api-test's local-server check (docs/rules.md#calls-to-other-services, developer test page calls: "GET /api/products on
// local ports"): each port is asked for a few products, and the answer says how many came back.

afterEach(() => vi.unstubAllGlobals());

describe('/api-test local servers', () => {
  test('asks each local port for GET /api/products and reports the products it answered', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (!url.includes(':3000/')) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ products: [{ id: 'a' }, { id: 'b' }], nextCursor: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(<ApiTestPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Check the ports' }));
    const ports = screen.getByRole('list', { name: 'Ports' });
    await waitFor(() => expect(ports.textContent).toMatch(/:3000\/api\/products\?limit=\d+: HTTP 200, 2 products/));
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).toMatch(new RegExp(`:\\d+/api/products\\?limit=${TEST_PAGE_PRODUCTS}$`));
  });
});
