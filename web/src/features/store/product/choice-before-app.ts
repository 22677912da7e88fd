// The product form works as a plain HTML form before the app has loaded (docs/first-tap.md): a
// shopper on a slow phone picks a size there while the app's code is still on its way. The app
// hands that choice over when it takes the page over, instead of rendering its own empty choice
// over it (which wiped the tapped size: the next Add to cart asked for a size again).

export interface ChoiceBeforeApp {
  size?: string;
  color?: string;
  quantity?: string;
}

/**
 * What the server-rendered form for `productId` holds now: the checked size and colour and the
 * quantity typed. Read while React hydrates the form, before it applies its own state to it;
 * null outside a browser or when the page holds no form for this product.
 */
export function choiceBeforeApp(productId: string): ChoiceBeforeApp | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>('form.add-to-cart');
  const formProduct = form?.querySelector<HTMLInputElement>('input[name="productId"]')?.value;
  if (!form || formProduct !== productId) return null;
  const checked = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
  const quantity = form.querySelector<HTMLInputElement>('input[name="quantity"]')?.value;
  return { size: checked('size'), color: checked('color'), quantity: quantity || undefined };
}
