import { KINDS } from './product-kinds.js';
import type { MockupKind } from './mockup-svg.js';

// v1 `GET /products/{id}/sizes` (Printful's catalog size guide): per blank, a body table
// (`measure_yourself`, ranges) and a garment table (`product_measure`), in each unit the `unit`
// parameter asks for ("inches", "cm"; both comma-separated). Figures are the makers' published
// charts in inches; centimetres are converted as Printful shows them (one decimal at most).
// Blanks without a chart (mugs, stickers...) answer 404 as Printful does.

type Row = Record<string, number | [number, number]>;
interface Chart {
  measureYourself: Record<string, Row>;
  productMeasure: Record<string, Row>;
}

const CHARTS: Partial<Record<MockupKind, Chart>> = {
  tshirt: {
    measureYourself: {
      Chest: { XS: [31, 34], S: [34, 37], M: [38, 41], L: [42, 45], XL: [46, 49], '2XL': [50, 53] },
    },
    productMeasure: {
      Length: { XS: 27, S: 28, M: 29, L: 30, XL: 31, '2XL': 32 },
      Width: { XS: 16.5, S: 18, M: 20, L: 22, XL: 24, '2XL': 26 },
    },
  },
  hoodie: {
    measureYourself: {
      Chest: { S: [34, 37], M: [38, 41], L: [42, 45], XL: [46, 49], '2XL': [50, 53], '3XL': [54, 57] },
    },
    productMeasure: {
      Length: { S: 27, M: 28, L: 29, XL: 30, '2XL': 31, '3XL': 32 },
      Width: { S: 20, M: 22, L: 24, XL: 26, '2XL': 28, '3XL': 30 },
    },
  },
  sweatshirt: {
    measureYourself: {
      Chest: { S: [34, 37], M: [38, 41], L: [42, 45], XL: [46, 49], '2XL': [50, 53] },
    },
    productMeasure: {
      Length: { S: 27, M: 28, L: 29, XL: 30, '2XL': 31 },
      Width: { S: 20, M: 22, L: 24, XL: 26, '2XL': 28 },
    },
  },
};

const cm = (inches: number) => String(Math.round(inches * 25.4) / 10);
const show = (n: number, unit: 'inches' | 'cm') => (unit === 'inches' ? String(n) : cm(n));

function table(type: string, rows: Record<string, Row>, unit: 'inches' | 'cm') {
  return {
    type,
    unit,
    description:
      type === 'measure_yourself'
        ? '<p>Measure around the fullest part of your chest, keeping the tape horizontal.</p>'
        : '<p>Lay a garment that fits you flat and measure it.</p>',
    image_url: null,
    image_description: null,
    measurements: Object.entries(rows).map(([label, values]) => ({
      type_label: label,
      unit,
      values: Object.entries(values).map(([size, v]) =>
        Array.isArray(v)
          ? { size, min_value: show(v[0], unit), max_value: show(v[1], unit) }
          : { size, value: show(v, unit) },
      ),
    })),
  };
}

/** The `result` for a catalog product, or null (404) when its blank has no size guide. */
export function sizeGuideResult(catalogProductId: number, unitParam: string | null) {
  const entry = Object.entries(KINDS).find(([, kind]) => kind.catalogProductId === catalogProductId);
  const chart = entry ? CHARTS[entry[0] as MockupKind] : undefined;
  if (!entry || !chart) return null;
  const asked = (unitParam ?? 'inches').split(',').map((u) => u.trim().toLowerCase());
  const units = (['inches', 'cm'] as const).filter((u) => asked.includes(u));
  return {
    product_id: catalogProductId,
    available_sizes: entry[1].sizes,
    size_tables: units.flatMap((unit) => [
      table('measure_yourself', chart.measureYourself, unit),
      table('product_measure', chart.productMeasure, unit),
    ]),
  };
}
