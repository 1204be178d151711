import { PHOTO_EXTENSIONS, PHOTO_MIME_TYPES, UPLOAD_ERROR_LABEL } from '@colouring/domain';
import { forwardRef, useState, type ChangeEvent, type DragEvent } from 'react';

export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES, ...PHOTO_EXTENSIONS].join(',');
export const PHOTO_LIMITS_NOTE = 'Max 5MB • JPEG, PNG, WebP only';

interface PhotoDropZoneProps {
  /** Without JavaScript the native file input stays visible, so the parent sees which file is chosen. */
  enhanced: boolean;
  error: string | null;
  onFile: (file: File) => void;
  /** What the area says, with and without JavaScript (a page for any photo does not ask for a child's). */
  titles?: { enhanced: string; plain: string };
}

const CHILD_PHOTO_TITLES = { enhanced: 'Click to choose a photo, or drag it here', plain: 'Choose a photo of your child' };

/**
 * The whole area is the file input's label, so a click (or Enter/Space on the focused input) opens the picker;
 * with JavaScript a photo can also be dropped on it. The upload error box sits right below it.
 */
export const PhotoDropZone = forwardRef<HTMLInputElement, PhotoDropZoneProps>(function PhotoDropZone(
  { enhanced, error, onFile, titles = CHILD_PHOTO_TITLES },
  ref,
) {
  const [dragging, setDragging] = useState(false);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) onFile(file);
  }

  const dragProps = enhanced
    ? {
        onDragEnter: (event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) onFile(file);
        },
      }
    : {};

  const classes = ['dropzone', enhanced ? 'dropzone--enhanced' : '', dragging ? 'is-dragging' : '', error ? 'dropzone--error' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <div className={classes} {...dragProps}>
        <label htmlFor="photo" className="dropzone__label">
          <svg className="dropzone__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <rect x="6" y="10" width="36" height="28" rx="5" />
            <circle cx="17" cy="20" r="3.5" />
            <path d="M8 34l10-9 7 6 6-5 9 8" />
            <path d="M38 4v12M32 10l6-6 6 6" />
          </svg>
          <span className="dropzone__title">{enhanced ? titles.enhanced : titles.plain}</span>
          <span className="dropzone__note" id="photo-note">
            {PHOTO_LIMITS_NOTE}
          </span>
        </label>
        <input
          ref={ref}
          id="photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          required={!enhanced}
          className={enhanced ? 'dropzone__input' : 'dropzone__input dropzone__input--native'}
          aria-describedby={error ? 'photo-note photo-error' : 'photo-note'}
          aria-invalid={error ? true : undefined}
          onChange={onChange}
        />
      </div>
      <div id="photo-error" className="upload-error" role="alert">
        {error ? (
          <p>
            <strong>{UPLOAD_ERROR_LABEL}</strong> {error}
          </p>
        ) : null}
      </div>
    </>
  );
});
