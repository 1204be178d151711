import type { LocalPhoto } from './use-single-photo';

interface PhotoStripProps {
  photos: readonly LocalPhoto[];
  currentKey: string | null;
  onSelect: (key: string) => void;
  onRemove: (key: string) => void;
}

/** The thumbnails of the photos chosen so far: choose one to crop it, or remove it. */
export function PhotoStrip({ photos, currentKey, onSelect, onRemove }: PhotoStripProps) {
  return (
    <ul className="photo-strip" aria-label="Your photos">
      {photos.map((photo, index) => {
        const number = index + 1;
        const current = photo.key === currentKey;
        return (
          <li key={photo.key} className={current ? 'photo-strip__item is-current' : 'photo-strip__item'}>
            <button
              type="button"
              className="photo-strip__select"
              aria-pressed={current}
              aria-label={`Photo ${number}`}
              onClick={() => onSelect(photo.key)}
            >
              <img src={photo.url} alt="" className={`photo-strip__image photo-strip__image--${photo.aspect}`} />
              <span className="photo-strip__number" aria-hidden="true">
                {number}
              </span>
            </button>
            <button type="button" className="photo-strip__remove" aria-label={`Remove photo ${number}`} onClick={() => onRemove(photo.key)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
