import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import sharp from 'sharp';

// The sandbox's mockups as Printful hands them out: photographic raster PNGs of 1000 px, a few
// hundred KB each (mail clients and link previews show no SVG, and the store's benchmarks should
// pay what a shopper would pay for Printful's real pictures). Each picture is drawn as SVG
// (mockup-svg.ts), rendered at MOCKUP_SIZE_PX, given a fine grain seeded by the drawing (so it
// compresses like a photograph, and the same drawing always gives the same bytes), and kept on
// disk in the system's temporary folder and in memory: a test or the demo store pays once.

/** Printful's mockups are 1000 x 1000 and more. */
export const MOCKUP_SIZE_PX = 1000;
/** Bump when the rendering changes: the files cached on disk are then made again. */
const RENDERING = 'v1-1000-grain3x3';
const CACHE_DIR = path.join(os.tmpdir(), `printful-sandbox-mockups-${RENDERING}`);

/** Bold sans-serif faces the label is set in, the first one found; CI installs DejaVu. */
const FONT_CANDIDATES = [
  { family: 'Liberation Sans', file: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf' },
  { family: 'DejaVu Sans', file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  { family: 'DejaVu Sans', file: '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf' },
  { family: 'Arial', file: '/Library/Fonts/Arial Bold.ttf' },
  { family: 'Arial', file: '/System/Library/Fonts/Supplemental/Arial Bold.ttf' },
];

let options: ResvgRenderOptions | null = null;

/**
 * One known font file keeps a render at a few milliseconds; scanning every system font for each
 * picture costs tens. Without any of them the system fonts are searched.
 */
function renderOptions(): ResvgRenderOptions {
  if (options) return options;
  const font = FONT_CANDIDATES.find((f) => existsSync(f.file));
  options = {
    fitTo: { mode: 'width', value: MOCKUP_SIZE_PX },
    font: font
      ? { loadSystemFonts: false, fontFiles: [font.file], defaultFontFamily: font.family, sansSerifFamily: font.family }
      : { loadSystemFonts: true },
  };
  return options;
}

/** Grain of +-3 levels in cells of 3 px, smoothed: the noise of a photograph's sensor and fabric. */
const GRAIN = { amplitude: 3, cell: 3 };

function grain(seed: number, size: number): Promise<Buffer> {
  const cells = Math.ceil(size / GRAIN.cell);
  const noise = Buffer.alloc(cells * cells);
  let state = seed >>> 0;
  const span = 2 * GRAIN.amplitude + 1;
  for (let i = 0; i < noise.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    noise[i] = 128 + ((state >>> 16) % span) - GRAIN.amplitude;
  }
  return sharp(noise, { raw: { width: cells, height: cells, channels: 1 } })
    .resize(size, size, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

async function render(svg: string, digest: string): Promise<Buffer> {
  const file = path.join(CACHE_DIR, `${digest}.png`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const drawn = (await renderAsync(svg, renderOptions())).asPng();
  const { width } = await sharp(drawn).metadata();
  const png = await sharp(drawn)
    .composite([{ input: await grain(parseInt(digest.slice(0, 8), 16), width ?? MOCKUP_SIZE_PX), blend: 'overlay' }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  await mkdir(CACHE_DIR, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, png);
  await rename(temp, file);
  return png;
}

/** Rendered pictures by their drawing, in memory; the oldest go first past this many (about 350 KB each). */
const CACHE_LIMIT = 60;
const cache = new Map<string, Promise<Buffer>>();

/** The PNG of an SVG drawing, rendered once and then served from disk or memory. */
export function svgToPng(svg: string): Promise<Buffer> {
  const digest = createHash('sha256').update(RENDERING).update(svg).digest('hex');
  const cached = cache.get(digest);
  if (cached) return cached;
  const rendered = render(svg, digest);
  cache.set(digest, rendered);
  rendered.catch(() => cache.delete(digest));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return rendered;
}
