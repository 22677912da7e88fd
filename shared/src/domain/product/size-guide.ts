import { SIZE_GUIDE_UNITS, type SizeGuide, type SizeGuideUnit } from '../../schemas/size-guide.js';
import type { PrintfulSizeGuide } from '../../providers/printful/wire.js';

// Printful's size tables -> the storefront's size guide (docs/rules.md#what-a-merch-shopper-expects). The garment's own
// measurements are what a shopper compares with a shirt they own, so `product_measure` tables
// win; `measure_yourself` (body) tables are used when a product has no other.

const TABLE_PREFERENCE = ['product_measure', 'measure_yourself'];

function unitOf(printfulUnit: string | null | undefined): SizeGuideUnit | null {
  const unit = (printfulUnit ?? '').toLowerCase();
  if (unit === 'inches' || unit === 'in' || unit === 'inch') return 'in';
  if (unit === 'cm' || unit === 'centimeters' || unit === 'centimetres') return 'cm';
  return null;
}

function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

function valueText(v: PrintfulSizeGuide['size_tables'][number]['measurements'][number]['values'][number]) {
  const single = text(v.value);
  if (single) return single;
  const min = text(v.min_value);
  const max = text(v.max_value);
  return min && max ? `${min}–${max}` : (min ?? max);
}

/** The size guide, or null when Printful has no table in inches or centimetres for the product. */
export function sizeGuideFromPrintful(raw: PrintfulSizeGuide): SizeGuide | null {
  const type = TABLE_PREFERENCE.find((t) => raw.size_tables.some((table) => table.type === t));
  if (!type) return null;
  const measurements: SizeGuide['measurements'] = [];
  for (const unit of SIZE_GUIDE_UNITS) {
    const table = raw.size_tables.find((t) => t.type === type && unitOf(t.unit) === unit);
    for (const m of table?.measurements ?? []) {
      const values: Record<string, string> = {};
      for (const v of m.values) {
        const shown = valueText(v);
        if (shown !== null) values[v.size] = shown;
      }
      if (Object.keys(values).length > 0) measurements.push({ name: m.type_label, unit, values });
    }
  }
  if (measurements.length === 0) return null;
  const measured = new Set(measurements.flatMap((m) => Object.keys(m.values)));
  const sizes = raw.available_sizes.filter((s) => measured.has(s));
  return { sizes: sizes.length ? sizes : [...measured], measurements };
}
