import { pictureAttributes } from '@shop/shared/pictures';

// A product picture at the size its place shows it (docs/performance.md#product-pictures): a
// picture of the store's pipeline is asked for in the width the screen needs (srcset and sizes; the
// API picks AVIF, WebP or JPEG), reserves its own width and height, and shows its dominant colour
// until it arrives. Any other URL (the placeholder, Printful's own while the pipeline is off) is
// shown as it is in the box given.

export interface ProductPictureProps {
  url: string;
  /** The `sizes` of its place: one of PICTURE_SIZES. */
  sizes: string;
  /** Width and height reserved when the URL is not the pipeline's. */
  box: number;
  /** The CSS width the plain `src` fits (browsers without srcset). */
  fallbackWidth?: number;
  alt: string;
  className?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  'data-testid'?: string;
}

export function ProductPicture({ url, sizes, box, fallbackWidth, ...img }: ProductPictureProps) {
  const picture = pictureAttributes(url, sizes, { width: box, height: box }, fallbackWidth);
  return (
    <img
      {...img}
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.sizes}
      width={picture.width}
      height={picture.height}
      style={picture.style}
    />
  );
}
