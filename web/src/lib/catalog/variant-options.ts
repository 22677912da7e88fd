import { DEFAULT_COLOR, DEFAULT_SIZE } from '@shop/shared';
import type { StorefrontVariant } from '@shop/shared/domain/product';

// The size and colour pickers offer only combinations that exist as orderable variants (an id
// and the catalogue variant id an order needs), in the order the catalogue lists them.

type PickerVariant = Pick<StorefrontVariant, 'id' | 'size' | 'color' | 'catalog_variant_id' | 'price'>;

export const sizeOf = (v: Pick<StorefrontVariant, 'size'>) => v.size || DEFAULT_SIZE;
export const colorOf = (v: Pick<StorefrontVariant, 'color'>) => v.color || DEFAULT_COLOR;

export function orderableVariants<V extends PickerVariant>(variants: readonly V[]): V[] {
  return variants.filter((v) => Boolean(v.id) && v.catalog_variant_id !== null && v.catalog_variant_id !== 0);
}

const unique = (values: string[]) => [...new Set(values)];

export function sizeOptions(variants: readonly PickerVariant[]): string[] {
  return unique(orderableVariants(variants).map(sizeOf));
}

/** Colours that exist in the given size. */
export function colorOptions(variants: readonly PickerVariant[], size: string): string[] {
  return unique(
    orderableVariants(variants)
      .filter((v) => sizeOf(v) === size)
      .map(colorOf),
  );
}

export function findVariant<V extends PickerVariant>(
  variants: readonly V[],
  size: string,
  color: string,
): V | undefined {
  return orderableVariants(variants).find((v) => sizeOf(v) === size && colorOf(v) === color);
}

export interface VariantSelection {
  size: string;
  color: string;
}

/** The first existing combination; null when nothing can be ordered. */
export function initialSelection(variants: readonly PickerVariant[]): VariantSelection | null {
  const first = orderableVariants(variants)[0];
  return first ? { size: sizeOf(first), color: colorOf(first) } : null;
}

/** A new size keeps the colour when that combination exists, else takes the size's first colour. */
export function selectSize(
  variants: readonly PickerVariant[],
  current: VariantSelection,
  size: string,
): VariantSelection {
  const colors = colorOptions(variants, size);
  return { size, color: colors.includes(current.color) ? current.color : (colors[0] ?? current.color) };
}
