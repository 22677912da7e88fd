// Product pictures made by the store's own pipeline (docs/performance.md#product-pictures): the
// worker fetches each Printful picture once, makes it in a few widths and formats, and the product
// documents name it by a picture URL. The URL itself carries what a page needs before the picture
// arrives, so any copy of it (a cart line, an order, an e-mail) can be drawn at the right size:
//
//   /api/pictures/<hash>-<width>x<height>-<rrggbb>
//
// <hash> addresses the source's bytes (so the URL changes when Printful's picture does and the
// files can be cached for ever), <width>x<height> is the source's size (the width and height
// attributes, and which widths exist), <rrggbb> its dominant colour (the placeholder while it loads).
// Any other URL (a Printful one while the pipeline is off, the placeholder) is used as it is.

/** The widths every picture is made in (never wider than its source). */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1200] as const;
/** What `/api/pictures/<key>` alone answers: a card's width on a phone at twice its density. */
export const PICTURE_DEFAULT_WIDTH = 640;
/** The link-preview picture: the source contained on its dominant colour. */
export const PICTURE_OG = { width: 1200, height: 630, file: 'og.jpg' } as const;
/** The served formats, best first: what a browser's Accept names picks among them. */
export const PICTURE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURES_PATH = '/api/pictures';

/**
 * How wide each place shows a picture (an <img>'s `sizes`), by the store's CSS
 * (web/src/features/store/store-catalog.css, cart/cart.css): the server's preload of a page's largest
 * picture names the same, so the browser fetches one file for both.
 */
export const PICTURE_SIZES = {
  /** Two cards a row on a phone, three on a tablet, four (about 280 px) on a desktop. */
  card: '(min-width: 1024px) 280px, (min-width: 768px) 31vw, 47vw',
  /** Half the page beside the details; on a phone a square in a box at most 36% of the screen high. */
  gallery: '(min-width: 768px) min(46vw, 560px), min(75vw, 36vh)',
  galleryThumb: '(min-width: 768px) 64px, 48px',
  cartLine: '(min-width: 480px) 120px, 88px',
  orderLine: '56px',
  teamOrder: '96px',
} as const;
export const PICTURE_KEY_PATTERN = /^[0-9a-f]{20}-[1-9]\d{0,4}x[1-9]\d{0,4}-[0-9a-f]{6}$/;
const PICTURE_URL_PATTERN = /^(?<origin>https?:\/\/[^/]+)?\/api\/pictures\/(?<key>[0-9a-f]{20}-\d+x\d+-[0-9a-f]{6})$/;

export interface PictureRef {
  /** `<hash>-<w>x<h>-<rrggbb>`: the folder its files live in. */
  key: string;
  /** The scheme and host the URL named, or '' for a path of this site. */
  origin: string;
  width: number;
  height: number;
  /** `#rrggbb`. */
  colour: string;
}

export function pictureKey(hash: string, width: number, height: number, colour: string): string {
  return `${hash}-${width}x${height}-${colour.replace(/^#/, '').toLowerCase()}`;
}

export function isPictureKey(key: string): boolean {
  return PICTURE_KEY_PATTERN.test(key);
}

export function parsePictureKey(key: string): Omit<PictureRef, 'origin'> | null {
  if (!isPictureKey(key)) return null;
  const [, size, colour] = key.split('-');
  const [width, height] = size.split('x').map(Number);
  return { key, width, height, colour: `#${colour}` };
}

/** The picture a URL names, or null for any other URL. */
export function parsePictureUrl(url: string | null | undefined): PictureRef | null {
  const match = url ? PICTURE_URL_PATTERN.exec(url) : null;
  const parsed = match?.groups ? parsePictureKey(match.groups.key) : null;
  return parsed && match?.groups ? { ...parsed, origin: match.groups.origin ?? '' } : null;
}

export function pictureUrl(key: string, origin = ''): string {
  return `${origin}${PICTURES_PATH}/${key}`;
}

/**
 * The widths a picture of this source width is made in: the listed ones it covers, and its own
 * when the widest of those is under four fifths of it (a 1000 px mockup: 160-960, no 1000).
 */
export function pictureWidths(sourceWidth: number): number[] {
  const widths: number[] = PICTURE_WIDTHS.filter((w) => w <= sourceWidth);
  const widest = widths[widths.length - 1] ?? 0;
  if (widest < sourceWidth * 0.8 && widest < PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]) widths.push(sourceWidth);
  return widths;
}

/** The width served for `wanted` CSS pixels: the smallest made at least as wide, else the widest. */
export function pictureWidthFor(ref: Pick<PictureRef, 'width'>, wanted: number): number {
  const widths = pictureWidths(ref.width);
  return widths.find((w) => w >= wanted) ?? widths[widths.length - 1];
}

/** One width of the picture, in the format the browser's Accept picks. */
export function pictureWidthUrl(ref: PictureRef, width: number): string {
  return `${pictureUrl(ref.key, ref.origin)}/${width}`;
}

/** One width as JPEG whatever the client accepts: e-mails and payment pages. */
export function pictureJpegUrl(ref: PictureRef, width: number): string {
  return `${pictureUrl(ref.key, ref.origin)}/${pictureWidthFor(ref, width)}.jpg`;
}

export function pictureOgUrl(ref: PictureRef): string {
  return `${pictureUrl(ref.key, ref.origin)}/${PICTURE_OG.file}`;
}

export function pictureSrcSet(ref: PictureRef): string {
  return pictureWidths(ref.width)
    .map((w) => `${pictureWidthUrl(ref, w)} ${w}w`)
    .join(', ');
}

export interface PictureAttributes {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  /** The placeholder colour while the picture loads. */
  style?: { backgroundColor: string };
}

/**
 * An <img>'s attributes for a picture shown `sizes` wide (a `sizes` attribute); `box` is the
 * width and height it reserves when the URL is not a picture of the pipeline's.
 */
export function pictureAttributes(
  url: string,
  sizes: string,
  box: { width: number; height: number },
  /** The CSS width the plain `src` should fit (browsers without srcset, and the default). */
  fallbackWidth = PICTURE_DEFAULT_WIDTH,
): PictureAttributes {
  const ref = parsePictureUrl(url);
  if (!ref) return { src: url, ...box };
  return {
    src: pictureWidthUrl(ref, pictureWidthFor(ref, fallbackWidth)),
    srcSet: pictureSrcSet(ref),
    sizes,
    width: ref.width,
    height: ref.height,
    style: { backgroundColor: ref.colour },
  };
}

const MEDIA_TYPES: Record<PictureFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const PICTURE_FILE_EXTENSIONS: Record<PictureFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

export function pictureMediaType(format: PictureFormat): string {
  return MEDIA_TYPES[format];
}

/** The best format an Accept header names (AVIF, then WebP; JPEG for every browser). A type with q=0 is refused. */
export function negotiatePictureFormat(accept: string | undefined): PictureFormat {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([type]) => type.trim()),
  );
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'jpeg';
}
