import { existsSync } from 'node:fs';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';

// The sandbox's mockups as Printful hands them out: raster PNGs (mail clients and link previews
// show no SVG). Each picture is drawn as SVG (mockup-svg.ts) and rendered on first request, off
// the event loop, then kept in memory, so a test or the demo store pays for a picture once.

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
    font: font
      ? { loadSystemFonts: false, fontFiles: [font.file], defaultFontFamily: font.family, sansSerifFamily: font.family }
      : { loadSystemFonts: true },
  };
  return options;
}

/** Rendered pictures by their drawing; the oldest go first past this many (about 40 KB each). */
const CACHE_LIMIT = 400;
const cache = new Map<string, Promise<Buffer>>();

/** The PNG of an SVG drawing, rendered once and then served from memory. */
export function svgToPng(svg: string): Promise<Buffer> {
  const cached = cache.get(svg);
  if (cached) return cached;
  const rendered = renderAsync(svg, renderOptions()).then((image) => image.asPng());
  cache.set(svg, rendered);
  rendered.catch(() => cache.delete(svg));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return rendered;
}
