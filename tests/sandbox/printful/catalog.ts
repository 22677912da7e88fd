import { KINDS, type ColourSpec } from './product-kinds.js';
import type { MockupKind } from './mockup-svg.js';

// The sandbox's sync products: a deterministic demo catalogue for a web studio's merch, a seeded
// generator for large catalogues, and the in-memory store the HTTP routes and the admin API edit.

export interface CatalogueVariant {
  id: number;
  externalId: string;
  catalogVariantId: number;
  size: string;
  colour: ColourSpec;
  retailPrice: string;
  sku: string;
  /** Ignored in Printful's dashboard: listed with `is_ignored: true`, not to be sold. */
  ignored?: boolean;
}

export interface CatalogueProduct {
  id: number;
  externalId: string;
  name: string;
  description: string;
  kind: MockupKind;
  variants: CatalogueVariant[];
  /** Ignored in Printful's dashboard (the whole product). */
  ignored?: boolean;
  /** Unix seconds. */
  created: number;
  /** Unix seconds; bumped on every change so the list summary changes with the product. */
  updated: number;
}

export interface ProductSpec {
  id?: number;
  name: string;
  kind: MockupKind;
  description?: string;
  /** Colour names from the kind's palette; default its first colour. */
  colours?: string[];
  /** Sizes from the kind's size list; default all of them. */
  sizes?: string[];
  /** Price of the smallest size, e.g. "24.99"; default the kind's base price. */
  price?: string;
}

const FIRST_PRODUCT_ID = 311_000_001;
/** 2025-01-01T00:00:00Z: demo timestamps are fixed so the catalogue is the same on every start. */
const CATALOGUE_EPOCH_S = 1_735_689_600;

const DEMO_PRODUCTS: ProductSpec[] = [
  {
    name: 'Pixel Perfect Tee',
    kind: 'tshirt',
    colours: ['Black', 'White', 'Heather Grey'],
    description: 'Our studio motto on a soft ring-spun cotton tee. Every pixel in its place.',
  },
  {
    name: 'Ship It Tee',
    kind: 'tshirt',
    colours: ['Navy', 'Black'],
    description: 'For the day the release goes out. Printed in one colour on a classic fit.',
  },
  {
    name: 'Hello, World! Tee',
    kind: 'tshirt',
    colours: ['White', 'Black', 'Heather Grey', 'Maize Yellow'],
    description: 'Where every project starts. A tribute to the first program.',
  },
  {
    name: 'Dark Mode Hoodie',
    kind: 'hoodie',
    colours: ['Black', 'Charcoal'],
    description: 'Easy on the eyes at 2 a.m. Heavy blend fleece with a lined hood.',
  },
  {
    name: 'Deploy on Friday Hoodie',
    kind: 'hoodie',
    colours: ['Navy', 'Maroon', 'Black'],
    description: 'For the brave. Kangaroo pocket for your rollback plan.',
  },
  {
    name: '404 Coffee Not Found Mug',
    kind: 'mug',
    colours: ['White'],
    description: 'A glossy ceramic mug that is never empty for long. Dishwasher safe.',
  },
  {
    name: 'Commit Early, Commit Often Mug',
    kind: 'mug',
    colours: ['White', 'Black'],
    description: 'Good advice for code and for coffee.',
  },
  {
    name: 'CSS Is Awesome Mug',
    kind: 'mug',
    colours: ['White'],
    description: 'The text does not quite fit the box. That is the joke.',
  },
  {
    name: 'Semicolon Cap',
    kind: 'cap',
    colours: ['Black', 'Khaki', 'Navy'],
    description: 'A structured cap with an embroidered semicolon. Optional, like in JavaScript.',
  },
  {
    name: 'Studio Logo Cap',
    kind: 'cap',
    colours: ['Black', 'White'],
    description: 'The studio mark, embroidered on a closed-back cap.',
  },
  {
    name: 'Full Stack Crewneck',
    kind: 'sweatshirt',
    colours: ['Sport Grey', 'Navy'],
    description: 'From the database to the button. A midweight crewneck for cool offices.',
  },
  {
    name: 'Kerning Matters Tee',
    kind: 'tshirt',
    colours: ['White', 'Black'],
    description: 'For the typographers among us. Letter-spaced with care.',
  },
  {
    name: 'Responsive Beanie',
    kind: 'beanie',
    colours: ['Black', 'Heather Grey', 'Mustard'],
    description: 'Fits every breakpoint. Cuffed knit with an embroidered patch.',
  },
  {
    name: 'Grid Layout Tote',
    kind: 'tote',
    colours: ['Natural', 'Black'],
    description: 'A sturdy cotton tote with a twelve-column print. Carries a laptop and lunch.',
  },
  { name: 'Localhost Mug', kind: 'mug', colours: ['Black'], description: "There's no place like 127.0.0.1." },
  {
    name: 'Merge Conflict Hoodie',
    kind: 'hoodie',
    colours: ['Sport Grey'],
    description: 'Two truths on one hoodie. Resolve them over coffee.',
  },
  {
    name: 'git push --force Tee',
    kind: 'tshirt',
    colours: ['Black'],
    description: 'Use with caution. Printed on premium cotton.',
  },
  {
    name: 'Rubber Duck Debugging Tee',
    kind: 'tshirt',
    colours: ['Maize Yellow', 'White'],
    description: 'Explain it to the duck. The duck always understands.',
  },
  {
    name: 'Design Tokens Sticker',
    kind: 'sticker',
    colours: ['White'],
    description: 'Kiss-cut vinyl sticker in our colour palette, for laptops and water bottles.',
  },
  {
    name: 'Ctrl+Z Beanie',
    kind: 'beanie',
    colours: ['Navy', 'Black'],
    description: 'Undo the cold. Soft acrylic knit.',
  },
  {
    name: 'Accessible by Default Tee',
    kind: 'tshirt',
    colours: ['Forest', 'Black', 'White'],
    description: 'Contrast ratio checked. Good design works for everyone.',
  },
  {
    name: 'Wireframe Tote',
    kind: 'tote',
    colours: ['Natural'],
    description: 'Boxes, lines and a big X where the image goes.',
  },
  {
    name: 'Late-Night Refactor Mug',
    kind: 'mug',
    colours: ['White', 'Black'],
    description: 'Leaving the code better than we found it, one cup at a time.',
  },
  {
    name: 'Studio Crew Hoodie',
    kind: 'hoodie',
    colours: ['Black', 'Navy', 'Sport Grey', 'Charcoal'],
    description: 'The team hoodie. Embroidered chest logo, printed back.',
  },
  {
    name: 'Lighthouse 100 Tee',
    kind: 'tshirt',
    colours: ['Heather Grey'],
    description: 'Performance, accessibility, best practices, SEO: all green.',
  },
  {
    name: 'Open Source Cap',
    kind: 'cap',
    colours: ['Khaki', 'White'],
    description: 'Giving back, one pull request at a time.',
  },
  {
    name: 'Keep It Semantic Sticker',
    kind: 'sticker',
    colours: ['White'],
    description: 'A <div> is not a button. Vinyl, weatherproof.',
  },
  {
    name: 'Vanilla JS Crewneck',
    kind: 'sweatshirt',
    colours: ['Sand', 'Black'],
    description: 'No framework required. Cotton-poly fleece.',
  },
];

/** Number of products in the demo catalogue. */
export const DEMO_PRODUCT_COUNT = DEMO_PRODUCTS.length;

/** Deterministic hex id, shaped like Printful's external ids (e.g. "68a0ceb13467c7"). */
function externalIdFor(n: number): string {
  return ((BigInt(n) * 2_654_435_761n) % 2n ** 56n).toString(16).padStart(14, '0');
}

function money(n: number): string {
  return n.toFixed(2);
}

/** Builds a product from a spec; `index` fixes its ids and timestamps. */
export function buildProduct(
  spec: ProductSpec,
  index: number,
  now = CATALOGUE_EPOCH_S + index * 3600,
): CatalogueProduct {
  const kind = KINDS[spec.kind];
  const id = spec.id ?? FIRST_PRODUCT_ID + index;
  const colours = (spec.colours ?? [kind.palette[0].name]).map((name) => {
    const colour = kind.palette.find((c) => c.name === name);
    if (!colour)
      throw new Error(`${spec.kind} has no colour "${name}" (have ${kind.palette.map((c) => c.name).join(', ')})`);
    return colour;
  });
  const sizes = spec.sizes ?? kind.sizes;
  const unknownSize = sizes.find((s) => !kind.sizes.includes(s));
  if (unknownSize) throw new Error(`${spec.kind} has no size "${unknownSize}"`);
  const base = spec.price !== undefined ? Number(spec.price) : kind.basePrice;
  const externalId = externalIdFor(id);
  const variants = colours.flatMap((colour, ci) =>
    sizes.map((size, si) => {
      const sizeIndex = kind.sizes.indexOf(size);
      const catalogColourIndex = kind.palette.indexOf(colour);
      return {
        id: id * 100 + ci * sizes.length + si,
        externalId: externalIdFor(id * 100 + ci * sizes.length + si),
        catalogVariantId: kind.catalogProductId * 1000 + catalogColourIndex * 20 + sizeIndex,
        size,
        colour,
        retailPrice: money(base + kind.sizeSurcharge(sizeIndex)),
        sku: `${externalId.toUpperCase()}_${colour.name.replace(/\W+/g, '').toUpperCase()}_${size.replace(/\W+/g, '')}`,
      };
    }),
  );
  return {
    id,
    externalId,
    name: spec.name,
    description: spec.description ?? `${spec.name}: studio merch printed on demand.`,
    kind: spec.kind,
    variants,
    created: now,
    updated: now,
  };
}

/** mulberry32: a tiny seeded PRNG, so generated catalogues are the same for the same seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'Async',
  'Atomic',
  'Binary',
  'Cached',
  'Clean',
  'Curly',
  'Elastic',
  'Fluid',
  'Headless',
  'Lazy',
  'Minified',
  'Modular',
  'Offline',
  'Pure',
  'Quiet',
  'Reactive',
  'Serverless',
  'Static',
  'Typed',
  'Vector',
];
const NOUNS = [
  'Bracket',
  'Branch',
  'Breakpoint',
  'Cursor',
  'Kernel',
  'Layer',
  'Loop',
  'Module',
  'Pixel',
  'Prompt',
  'Query',
  'Router',
  'Sprint',
  'Stack',
  'Token',
  'Vertex',
  'Widget',
  'Wireframe',
];

/** `count` synthetic products after the demo ones (indexes from `startIndex`), deterministic per seed. */
export function generateProducts(count: number, seed: number, startIndex = DEMO_PRODUCT_COUNT): CatalogueProduct[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const kinds = Object.keys(KINDS) as MockupKind[];
  return Array.from({ length: count }, (_, i) => {
    const index = startIndex + i;
    const kind = pick(kinds);
    const spec = KINDS[kind];
    const colourCount = 1 + Math.floor(random() * Math.min(4, spec.palette.length));
    const colours = [...spec.palette]
      .sort(() => random() - 0.5)
      .slice(0, colourCount)
      .map((c) => c.name);
    const sizeCount = Math.min(spec.sizes.length, 2 + Math.floor(random() * 5));
    const firstSize = Math.floor(random() * (spec.sizes.length - sizeCount + 1));
    const price = money(spec.basePrice + Math.floor(random() * 6));
    const name = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${spec.label} #${index + 1}`;
    return buildProduct(
      { name, kind, colours, sizes: spec.sizes.slice(firstSize, firstSize + sizeCount), price },
      index,
    );
  });
}

/** The demo products first, then synthetic ones up to `count`. */
export function initialCatalogue(count: number = DEMO_PRODUCT_COUNT, seed = 42): CatalogueProduct[] {
  const demo = DEMO_PRODUCTS.slice(0, count).map((spec, i) => buildProduct(spec, i));
  return [...demo, ...generateProducts(Math.max(0, count - DEMO_PRODUCT_COUNT), seed)];
}

export interface ProductPatch {
  name?: string;
  description?: string;
  /** New retail price of every variant, e.g. "27.50". */
  price?: string;
  /** Ignore (or stop ignoring) the product in Printful. */
  ignored?: boolean;
  /** Sync variant ids to ignore; the others stop being ignored. */
  ignoredVariantIds?: number[];
}

/** In-memory sync products, ordered by id as Printful lists them. */
export class Catalogue {
  private readonly products = new Map<number, CatalogueProduct>();
  private nextIndex: number;

  constructor(private readonly initial: () => CatalogueProduct[]) {
    this.nextIndex = 0;
    this.reset();
  }

  reset(): void {
    this.products.clear();
    for (const p of this.initial()) this.products.set(p.id, p);
    this.nextIndex = Math.max(0, ...[...this.products.keys()].map((id) => id - FIRST_PRODUCT_ID + 1));
  }

  list(): CatalogueProduct[] {
    return [...this.products.values()].sort((a, b) => a.id - b.id);
  }

  size(): number {
    return this.products.size;
  }

  get(id: number): CatalogueProduct | undefined {
    return this.products.get(id);
  }

  getByExternalId(externalId: string): CatalogueProduct | undefined {
    return [...this.products.values()].find((p) => p.externalId === externalId);
  }

  findVariant(
    predicate: (v: CatalogueVariant) => boolean,
  ): { product: CatalogueProduct; variant: CatalogueVariant } | undefined {
    for (const product of this.products.values()) {
      const variant = product.variants.find(predicate);
      if (variant) return { product, variant };
    }
    return undefined;
  }

  /** Adds a product, or replaces the one with the same id (keeping its creation time). */
  add(spec: ProductSpec): CatalogueProduct {
    const existing = spec.id !== undefined ? this.products.get(spec.id) : undefined;
    const now = this.bumpedTime(existing);
    let index = existing ? existing.id - FIRST_PRODUCT_ID : this.nextIndex++;
    while (!existing && spec.id === undefined && this.products.has(FIRST_PRODUCT_ID + index)) index = this.nextIndex++;
    const product = buildProduct(spec, index, now);
    if (existing) product.created = existing.created;
    this.products.set(product.id, product);
    return product;
  }

  update(id: number, patch: ProductPatch): CatalogueProduct | undefined {
    const product = this.products.get(id);
    if (!product) return undefined;
    const updated: CatalogueProduct = {
      ...product,
      name: patch.name ?? product.name,
      description: patch.description ?? product.description,
      ignored: patch.ignored ?? product.ignored,
      variants: product.variants.map((v) => ({
        ...v,
        retailPrice: patch.price === undefined ? v.retailPrice : money(Number(patch.price)),
        ignored: patch.ignoredVariantIds === undefined ? v.ignored : patch.ignoredVariantIds.includes(v.id),
      })),
      updated: this.bumpedTime(product),
    };
    this.products.set(id, updated);
    return updated;
  }

  remove(id: number): boolean {
    return this.products.delete(id);
  }

  /** Now in unix seconds, but always later than the previous value, so every change is visible. */
  private bumpedTime(previous: CatalogueProduct | undefined): number {
    const now = Math.floor(Date.now() / 1000);
    return previous ? Math.max(now, previous.updated + 1) : now;
  }
}
