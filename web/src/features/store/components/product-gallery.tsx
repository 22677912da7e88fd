import { useState } from 'react';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { ProductPicture } from '../../../components/ui/product-picture';

/** The pictures of the chosen colour: one large, the others as buttons that bring them forward. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const shown = images[Math.min(current, images.length - 1)];
  return (
    <div className="gallery">
      <ProductPicture
        className="gallery__main"
        url={shown}
        sizes={PICTURE_SIZES.gallery}
        box={600}
        alt={title}
        fetchPriority="high"
        data-testid="gallery-main"
      />
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="More images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i === current}
                onClick={() => setCurrent(i)}
              >
                <ProductPicture
                  url={src}
                  sizes={PICTURE_SIZES.galleryThumb}
                  box={64}
                  fallbackWidth={64}
                  alt={`${title}, image ${i + 1} of ${images.length}`}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
