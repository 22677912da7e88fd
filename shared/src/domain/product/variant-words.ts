import { DEFAULT_COLOR } from '../../constants/index.js';

// How a variant is written wherever a shopper or the studio reads it: the colour, then the size,
// "Black / M", as the print partner names its variants and so as the order e-mails, the order
// pages and the admin show them. The toast, cart, checkout, change form and team pages write it
// the same way, so one line is never "M, Black" on one page and "Black / M" on the next. A
// product without colours ("Default") shows its size alone.

export interface VariantChoice {
  size?: string | null;
  color?: string | null;
}

export function variantWords(choice: VariantChoice): string {
  return [choice.color, choice.size].filter((part) => part && part !== DEFAULT_COLOR).join(' / ');
}
