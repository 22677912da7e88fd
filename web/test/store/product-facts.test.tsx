import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import type { SizeGuide } from '@shop/shared/schemas';
import { ProductFacts } from '../../src/features/store/components/product-facts';

const GUIDE: SizeGuide = {
  sizes: ['S', 'M'],
  measurements: [
    { name: 'Chest', unit: 'in', values: { S: '34-36', M: '38-40' } },
    { name: 'Chest', unit: 'cm', values: { S: '86-91', M: '96-101' } },
  ],
};

function renderFacts(product: { id: string; category: string; catalogProductId?: number }) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Response(JSON.stringify(GUIDE), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProductFacts product={product} />
    </QueryClientProvider>,
  );
  return requested;
}

describe('product facts', () => {
  test('a garment printed on a Printful blank shows its size guide in inches and centimetres', async () => {
    const requested = renderFacts({ id: 'tee-1', category: 'clothing', catalogProductId: 71 });
    expect(await screen.findByTestId('size-table-in')).toHaveTextContent('38-40');
    expect(screen.getByTestId('size-table-cm')).toHaveTextContent('96-101');
    expect(requested).toEqual(['/api/products/tee-1/size-guide']);
  });

  test("on a phone, where the table's column headings are hidden, each measurement still names itself and its unit", async () => {
    renderFacts({ id: 'tee-1', category: 'clothing', catalogProductId: 71 });
    const inches = await screen.findByTestId('size-table-in');
    const cells = [...inches.querySelectorAll('tbody td')].map(
      (td) => `${td.getAttribute('data-label')}: ${td.textContent}`,
    );
    expect(cells).toEqual(['Chest (in): 34-36', 'Chest (in): 38-40']);
    expect(screen.getByTestId('size-table-cm').querySelector('tbody td')).toHaveAttribute('data-label', 'Chest (cm)');
  });

  test('a product without a Printful blank never asks for a size guide it cannot have', async () => {
    const requested = renderFacts({ id: 'tee-2', category: 'clothing' });
    expect(await screen.findByText('Shipping and returns')).toBeInTheDocument();
    expect(screen.queryByTestId('size-guide')).toBeNull();
    expect(requested).toEqual([]);
  });
});
