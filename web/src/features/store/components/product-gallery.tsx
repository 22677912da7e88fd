import { useState } from 'react';

/** The pictures of the chosen colour: one large, the others as buttons that bring them forward. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const shown = images[Math.min(current, images.length - 1)];
  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={shown}
        alt={title}
        width={600}
        height={600}
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
                <img
                  src={src}
                  alt={`${title}, image ${i + 1} of ${images.length}`}
                  loading="lazy"
                  width={64}
                  height={64}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
