import { useEffect, useRef } from 'react';

export interface PreviewImage {
  src: string;
  alt: string;
  /** The same picture at other widths, for the browser to choose from (with the tile's width, below). */
  srcSet?: string;
}

/** How wide a tile is shown: five across on a wide screen, 150 px each on a phone (app.css .preview-strip). */
const TILE_SIZES = '(min-width: 860px) 220px, 150px';

export const PLACEHOLDER_IMAGE = '/previews/placeholder.svg';

function replaceWithPlaceholder(img: HTMLImageElement) {
  if (img.dataset.failed) return;
  console.warn(`Preview image failed to load: ${img.currentSrc || img.src}`);
  img.dataset.failed = 'true';
  img.removeAttribute('srcset');
  img.src = PLACEHOLDER_IMAGE;
}

function PreviewTile({ image }: { image: PreviewImage }) {
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError for React, so check it once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) replaceWithPlaceholder(img);
  }, []);
  return (
    <li className="preview-tile">
      <img
        ref={ref}
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.srcSet ? TILE_SIZES : undefined}
        alt={image.alt}
        width="420"
        height="594"
        loading="lazy"
        decoding="async"
        onError={(event) => replaceWithPlaceholder(event.currentTarget)}
      />
    </li>
  );
}

export function PreviewStrip({ images }: { images: readonly PreviewImage[] }) {
  return (
    // Focusable so keyboard users can scroll it sideways on narrow screens. (axe: scrollable-region-focusable)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <ul className="preview-strip" tabIndex={0} aria-label="Preview pages, scroll sideways for more">
      {images.map((image) => (
        <PreviewTile key={image.src} image={image} />
      ))}
    </ul>
  );
}
