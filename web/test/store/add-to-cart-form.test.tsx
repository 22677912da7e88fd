import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CART_LINE_QUANTITY_MAX, MESSAGES } from '@shop/shared';
import { FALLBACK_PRODUCTS, type StorefrontProduct } from '@shop/shared/domain/product';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { AddToCartForm } from '../../src/features/store/components/add-to-cart-form';
import { initialSelection } from '../../src/lib/catalog/variant-options';
import { SHIRT, stubCartServer } from '../cart/stubs';

let cart: CartStore;

/** The product page owns the selection; this stands in for it. */
function FormWithSelection({ product }: { product: StorefrontProduct }) {
  const [selection, setSelection] = useState(() => initialSelection(product.variants));
  return <AddToCartForm product={product} selection={selection} onSelectionChange={setSelection} />;
}
afterEach(() => cart.flush());

function renderForm(product: StorefrontProduct) {
  stubCartServer();
  cart = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest-form' } });
  render(
    <MemoryRouter>
      <CartStoreProvider store={cart}>
        <FormWithSelection product={product} />
      </CartStoreProvider>
    </MemoryRouter>,
  );
}

const options = (legend: string) =>
  within(screen.getByRole('group', { name: legend }))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);

describe('variant pickers', () => {
  test('offer only size and colour combinations that exist as orderable variants', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    // L / Red has no catalogue variant id, so L is not offered at all.
    expect(options('Size')).toEqual(['S', 'M']);
    expect(options('Colour')).toEqual(['Black', 'White']);
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(options('Colour')).toEqual(['Black']);
    expect(screen.getByTestId('product-price')).toHaveTextContent('$26.00');
    await user.click(screen.getByRole('radio', { name: 'S' }));
    await user.click(screen.getByRole('radio', { name: 'White' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cart.getState().items.map((l) => [l.size, l.color, l.quantity])).toEqual([['S', 'White', 1]]);
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(
      'Added 1 x Studio Shirt (White / S) to your cart.',
    );
  });

  test('a quantity outside 1 to the line limit says so and adds nothing', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    await user.click(screen.getByRole('radio', { name: 'S' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, String(CART_LINE_QUANTITY_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const refusal = MESSAGES.productQuantityRange(CART_LINE_QUANTITY_MAX);
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(refusal);
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(refusal);
    expect(cart.getState().items).toEqual([]);
  });

  test('a line grows by adds of up to 10 to 100; past 100 says how many the cart already holds', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    await user.click(screen.getByRole('radio', { name: 'S' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '10');
    for (let i = 0; i < 9; i++) await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cart.getState().items.map((l) => l.quantity)).toEqual([96]);
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(
      'You already have 96; at most 100 of one item per order',
    );
    expect(cart.getState().items.map((l) => l.quantity)).toEqual([96]);
  });

  test('apparel starts with no size chosen, shows the lowest price "From", and asks for a size before adding', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    expect(within(screen.getByRole('group', { name: 'Size' })).queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.getByTestId('product-price')).toHaveTextContent(/^From \$/);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(MESSAGES.sizeRequired);
    expect(cart.getState().items).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.queryByTestId('add-to-cart-message')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cart.getState().items.map((l) => l.size)).toEqual(['M']);
  });

  test('a built-in product has no variants to pick and says so when added', async () => {
    const user = userEvent.setup();
    renderForm(FALLBACK_PRODUCTS[1]);
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent(MESSAGES.noVariants);
  });
});

describe('the added-to-cart toast on a phone', () => {
  /** A 375 x 812 window: the toast's layer over its bottom, the button at `buttonBottom`. */
  function layout(buttonBottom: number) {
    return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('toast-region')) return DOMRect.fromRect({ x: 16, y: 700, width: 343, height: 96 });
      if (this.matches('button[type="submit"]'))
        return DOMRect.fromRect({ x: 16, y: buttonBottom - 52, width: 343, height: 52 });
      return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    });
  }
  afterEach(() => vi.restoreAllMocks());

  test('moves the page up so the button just pressed is not behind it (journey 3)', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    await user.click(screen.getByRole('radio', { name: 'S' }));
    layout(740);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent('Added 1 x');
    expect(scrollBy).toHaveBeenCalledWith({ top: 40 + 8, behavior: 'instant' });
  });

  test('leaves the page where it is when the button is above it', async () => {
    const user = userEvent.setup();
    renderForm(SHIRT);
    await user.click(screen.getByRole('radio', { name: 'S' }));
    layout(500);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByTestId('add-to-cart-message')).toHaveTextContent('Added 1 x');
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
