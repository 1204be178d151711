// The uploads module's public surface: other modules import from here only.
export { OrderPhotosService, type OrderPhotoRecord } from './order-photos.service.js';
export type { PhotoArtJobResult } from './photo-art.processor.js';
export { PhotoService, type CropRectangle, type UploadedPhoto } from './photo.service.js';
export type { PortraitJobResult } from './portrait.processor.js';
export { PortraitsService } from './portraits.service.js';
export { UploadsService } from './uploads.service.js';
export { UploadsModule } from './uploads.module.js';
export { UploadsWorkerModule } from './uploads-worker.module.js';
