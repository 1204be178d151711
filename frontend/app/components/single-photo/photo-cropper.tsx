import { PHOTO_ASPECTS, ZOOM, type PhotoAspect } from '@colouring/domain';
import { useCallback } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import type { CropPixels } from '~/components/flow/photo-cropper';

interface SinglePhotoCropperProps {
  imageUrl: string;
  aspect: PhotoAspect;
  crop: Point;
  zoom: number;
  onCropChange: (crop: Point) => void;
  onZoomChange: (zoom: number) => void;
  onCropPixels: (crop: CropPixels) => void;
}

/**
 * One photo's crop at its aspect (3:4 or 4:3): drag (or arrow keys on the focused frame) to move, the slider or a pinch
 * to zoom 1–3. Position and zoom belong to the photo, so going back to a thumbnail finds its crop as it was left.
 */
export function SinglePhotoCropper({ imageUrl, aspect, crop, zoom, onCropChange, onZoomChange, onCropPixels }: SinglePhotoCropperProps) {
  const ratio = PHOTO_ASPECTS.find((option) => option.id === aspect)?.ratio ?? PHOTO_ASPECTS[0]!.ratio;
  const onCropComplete = useCallback((_area: Area, pixels: Area) => onCropPixels(pixels), [onCropPixels]);
  return (
    <div className="cropper">
      <div className="cropper__stage">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={ZOOM.min}
          maxZoom={ZOOM.max}
          aspect={ratio}
          onCropChange={onCropChange}
          onZoomChange={onZoomChange}
          onCropComplete={onCropComplete}
          disableAutomaticStylesInjection
          keyboardStep={8}
          cropperProps={{ role: 'group', 'aria-label': 'Crop frame', 'aria-describedby': 'cropper-help' }}
        />
      </div>
      <p id="cropper-help" className="field__hint cropper__help">
        Drag the photo so what you want coloured fills the frame, or focus the frame and use the arrow keys.
      </p>
      <div className="field cropper__zoom">
        <label htmlFor="zoom">Zoom</label>
        <input
          id="zoom"
          type="range"
          min={ZOOM.min}
          max={ZOOM.max}
          step={ZOOM.step}
          value={zoom}
          aria-valuetext={`${zoom.toFixed(1)} times`}
          onChange={(event) => onZoomChange(Number(event.currentTarget.value))}
        />
      </div>
    </div>
  );
}
