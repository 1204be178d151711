import { CROP_ASPECTS, ZOOM } from '@colouring/domain';
import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/** The crop in pixels of the upright photo, as the API takes it. */
export type CropPixels = Area;

interface PhotoCropperProps {
  imageUrl: string;
  onCropPixels: (crop: CropPixels) => void;
}

/** A square crop: drag (or arrow keys on the focused frame) to move, the slider or a pinch to zoom 1–3. */
export function PhotoCropper({ imageUrl, onCropPixels }: PhotoCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
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
          aspect={CROP_ASPECTS.create}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          disableAutomaticStylesInjection
          keyboardStep={8}
          cropperProps={{ role: 'group', 'aria-label': 'Crop frame', 'aria-describedby': 'cropper-help' }}
        />
      </div>
      <p id="cropper-help" className="field__hint cropper__help">
        Drag the photo so your child’s face fills the square, or focus the frame and use the arrow keys.
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
          onChange={(event) => setZoom(Number(event.currentTarget.value))}
        />
      </div>
    </div>
  );
}
