import { useEffect } from 'react';
import { CURRENCY_PICKER_TEXT } from '@shop/shared/pages';
import { pageCurrency } from '../../lib/catalog/page-currency';

// What the footer's currency picker does once the app runs (docs/rules.md#local-prices), loaded
// with the code that runs after the page is taken over (app/page-change-effects.tsx), so every
// page's first script stays small; until then, and without scripts, the form itself submits
// `?currency=` with "Change".
//
// A new currency loads the page again at the same address, its other parameters (a search) kept:
// every price, the cart's included, is then rendered in it, and nothing cached in the old one is
// shown. A choice made with the mouse or a phone's list applies at once; one made with the arrow
// keys or by typing waits for "Change" or Enter, so moving through the list does not load a page
// per step.

/** Keys that change a closed select's value as the shopper moves through it. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

function go(currency: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(CURRENCY_PICKER_TEXT.param, currency);
  window.location.assign(url.href);
}

/**
 * Wires every currency picker of the document (the footer's), by delegation: the footer stays
 * while the app moves between pages. Marks the picker's form `data-ready` while wired.
 */
export function useCurrencyPickerBehaviour(): void {
  useEffect(() => {
    let byKeyboard = false;
    const pickerOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest<HTMLFormElement>('form.currency-picker') : null;
    const selectOf = (form: HTMLFormElement) => form.querySelector('select');
    const onSubmit = (event: Event) => {
      const form = pickerOf(event);
      const select = form && selectOf(form);
      if (!select) return;
      event.preventDefault();
      go(select.value);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.target instanceof HTMLSelectElement) || !pickerOf(event)) return;
      byKeyboard = BROWSING_KEYS.has(event.key) || (event.key.length === 1 && !event.ctrlKey && !event.metaKey);
      if (event.key === 'Enter') {
        event.preventDefault();
        go(event.target.value);
      }
    };
    const onPointerDown = () => {
      byKeyboard = false;
    };
    const onChange = (event: Event) => {
      if (!(event.target instanceof HTMLSelectElement) || !pickerOf(event)) return;
      if (!byKeyboard && event.target.value !== pageCurrency().currency) go(event.target.value);
    };
    document.addEventListener('submit', onSubmit);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('change', onChange);
    const forms = document.querySelectorAll<HTMLFormElement>('form.currency-picker');
    for (const form of forms) form.dataset.ready = 'true';
    return () => {
      document.removeEventListener('submit', onSubmit);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('change', onChange);
      for (const form of forms) delete form.dataset.ready;
    };
  }, []);
}
