import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from '@shop/shared';

/** The product's images: one large, the others as buttons that bring them forward. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const list = images.length > 0 ? images : [PLACEHOLDER_IMAGE];
  const [current, setCurrent] = useState(0);
  const shown = list[Math.min(current, list.length - 1)];
  return (
    <div className="gallery">
      <img className="gallery__main" src={shown} alt={title} width={600} height={600} fetchPriority="high" />
      {list.length > 1 && (
        <ul className="gallery__thumbs" aria-label="More images">
          {list.map((src, i) => (
            <li key={src}>
              <button type="button" className="gallery__thumb" aria-current={i === current} onClick={() => setCurrent(i)}>
                <img src={src} alt={`${title}, image ${i + 1} of ${list.length}`} loading="lazy" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
