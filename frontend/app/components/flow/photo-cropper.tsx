import { CROP_ASPECTS, ZOOM } from '@colouring/domain';
import { useCallback, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

/** The crop in pixels of the upright photo, as the API takes it. */
export type CropPixels = Area;

/** A crop whose position and zoom the caller keeps (a photo among several keeps its own crop). */
export interface CropView {
  crop: Point;
  zoom: number;
  onCropChange: (crop: Point) => void;
  onZoomChange: (zoom: number) => void;
}

interface PhotoCropperProps {
  imageUrl: string;
  onCropPixels: (crop: CropPixels) => void;
  /** Width over height; square (the child's face) unless said. */
  aspect?: number;
  help?: string;
  /** Position and zoom kept by the caller; without it the cropper keeps its own. */
  view?: CropView;
}

const FACE_HELP = 'Drag the photo so your child’s face fills the square, or focus the frame and use the arrow keys.';

/** A crop at the aspect: drag (or arrow keys on the focused frame) to move, the slider or a pinch to zoom 1–3. */
export function PhotoCropper({ imageUrl, onCropPixels, aspect = CROP_ASPECTS.create, help = FACE_HELP, view }: PhotoCropperProps) {
  const [ownCrop, setOwnCrop] = useState<Point>({ x: 0, y: 0 });
  const [ownZoom, setOwnZoom] = useState<number>(ZOOM.min);
  const crop = view?.crop ?? ownCrop;
  const zoom = view?.zoom ?? ownZoom;
  const setCrop = view?.onCropChange ?? setOwnCrop;
  const setZoom = view?.onZoomChange ?? setOwnZoom;
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
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          disableAutomaticStylesInjection
          keyboardStep={8}
          cropperProps={{ role: 'group', 'aria-label': 'Crop frame', 'aria-describedby': 'cropper-help' }}
        />
      </div>
      <p id="cropper-help" className="field__hint cropper__help">
        {help}
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
