import { variantWords } from '../product/variant-words.js';

// How a bought item's variant reads next to its product name. Printful names a sync variant after
// its product ("Pixel Perfect Tee - Black / M"), so showing both repeated the name; the label is
// what is left once the product's name is taken off, or the colour and size.

interface ItemNames {
  name: string;
  variantName: string | null;
  size: string;
  color: string;
}

const LEADING_SEPARATORS = /^[\s/\-–—:,(]+/;

export function variantLabel(item: ItemNames): string | null {
  const variant = item.variantName?.trim() ?? '';
  if (variant && variant.toLowerCase() !== item.name.trim().toLowerCase()) {
    const withoutName = variant.toLowerCase().startsWith(item.name.trim().toLowerCase())
      ? variant.slice(item.name.trim().length)
      : variant;
    const wrapped = /^\s*\(/.test(withoutName);
    let label = withoutName.replace(LEADING_SEPARATORS, '');
    if (wrapped) label = label.replace(/\)\s*$/, '');
    if (label.trim()) return label.trim();
  }
  return variantWords(item) || null;
}
