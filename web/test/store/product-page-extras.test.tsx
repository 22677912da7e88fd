import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { LiveCatalogProvider } from '../../src/lib/catalog/components/live-catalog-provider';
import { ProductDetailPage } from '../../src/features/store/components/product-detail-page';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { MUG, SHIRT, json, stubFetch } from '../cart/stubs';
import { createEventSourceStub, EventSourceStub } from './event-source-stub';

// The product page beyond the form (docs/rules.md#what-a-merch-shopper-expects): where it sits in the store, what else the
// category has, and how to pass it on.

afterEach(() => EventSourceStub.reset());

const clothing = (id: string, title: string, extra: Partial<StorefrontProduct> = {}): StorefrontProduct => ({
  ...SHIRT,
  id,
  title,
  ...extra,
});

async function openProductPage(product: StorefrontProduct, catalogue: StorefrontProduct[]) {
  stubFetch(({ path }) => {
    if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
    if (path === '/api/cart') return json(200, { cartItems: [], totalItems: 0, totalPrice: 0 });
    return undefined;
  });
  const cart = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest-x' } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>
          <LiveCatalogProvider createEventSource={createEventSourceStub}>
            <ProductDetailPage productId={product.id} backTo={{ path: '/store', label: 'Back to the store' }} />
          </LiveCatalogProvider>
        </CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(EventSourceStub.instances).toHaveLength(1));
  act(() => EventSourceStub.latest().emit('snapshot', { products: catalogue }));
  await screen.findByRole('heading', { level: 1, name: product.title });
}

describe('product page breadcrumbs', () => {
  test('lead Home > Store > category > product, the product itself the current page', async () => {
    await openProductPage(SHIRT, [SHIRT, MUG]);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(trail).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Store', '/store'],
      ['clothing', '/store?category=clothing'],
    ]);
    expect(within(trail).getByText('Studio Shirt')).toHaveAttribute('aria-current', 'page');
  });
});

describe('related products', () => {
  test('show up to four other sellable products of the same category, never the product itself', async () => {
    const others = [1, 2, 3, 4, 5].map((n) => clothing(`shirt-${n + 1}`, `Shirt ${n + 1}`));
    const windowOnly = clothing('shirt-display', 'Display Shirt', { variants: [] });
    await openProductPage(SHIRT, [SHIRT, windowOnly, MUG, ...others]);
    const related = screen.getByRole('region', { name: 'More in clothing' });
    const titles = within(related)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Shirt 2', 'Shirt 3', 'Shirt 4', 'Shirt 5']);
    expect(within(related).getByRole('link', { name: 'Shirt 2' })).toHaveAttribute('href', '/store/product/shirt-2');
  });

  test('are left out when the category has nothing else to buy', async () => {
    await openProductPage(MUG, [SHIRT, MUG]);
    expect(screen.queryByRole('region', { name: /^More in/ })).not.toBeInTheDocument();
  });
});

describe('share links', () => {
  const pageUrl = `${window.location.origin}/store/product/shirt-1`;

  test('offer e-mail, X, Facebook and LinkedIn with the page address', async () => {
    await openProductPage(SHIRT, [SHIRT]);
    const share = screen.getByRole('region', { name: 'Share this product' });
    const href = (name: string) => within(share).getByRole('link', { name }).getAttribute('href')!;
    expect(href('Share by e-mail')).toBe(
      `mailto:?subject=Studio%20Shirt&body=${encodeURIComponent(`Studio Shirt: ${pageUrl}`)}`,
    );
    expect(new URL(href('Share on X')).searchParams.get('url')).toBe(pageUrl);
    expect(new URL(href('Share on Facebook')).searchParams.get('u')).toBe(pageUrl);
    expect(new URL(href('Share on LinkedIn')).searchParams.get('url')).toBe(pageUrl);
    expect(within(share).getByRole('link', { name: 'Share on X' })).toHaveAttribute('target', '_blank');
  });

  test('copy the link to the clipboard and say so; the share sheet gets the title and address', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      delete (navigator as Partial<Navigator>).share;
    });
    await openProductPage(SHIRT, [SHIRT]);
    const region = screen.getByRole('region', { name: 'Share this product' });
    await user.click(within(region).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(pageUrl);
    expect(within(region).getByRole('status')).toHaveTextContent('Link copied.');
    await user.click(within(region).getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ title: 'Studio Shirt', url: pageUrl });
  });

  test('without the Web Share API there is no share button, the links remain', async () => {
    await openProductPage(SHIRT, [SHIRT]);
    expect(screen.queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share on LinkedIn' })).toBeInTheDocument();
  });
});

describe('delivery estimate', () => {
  test('says in words when standard shipping to the US arrives, counting business days', async () => {
    // A Wednesday: 3 to 6 business days skip the weekend.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    try {
      await openProductPage(SHIRT, [SHIRT]);
      expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(
        'Arrives Mon, Nov 30 - Thu, Dec 3 with standard shipping to the US.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  test("counts the business days on the studio's calendar: Thursday evening in Portland is still Thursday", async () => {
    // 5:50 PM Pacific on Thursday Nov 26 is already Friday in UTC (this test's zone); 3-6 business
    // days from the studio's Thursday are Tue, Dec 1 - Fri, Dec 4, as the cart's quote says.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T01:50:00Z'));
    try {
      await openProductPage(SHIRT, [SHIRT]);
      expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(
        'Arrives Tue, Dec 1 - Fri, Dec 4 with standard shipping to the US.',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
