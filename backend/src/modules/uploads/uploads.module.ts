import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/index.js';
import { OrderPhotoEntity } from './order-photo.entity.js';
import { OrderPhotosService } from './order-photos.service.js';
import { PhotoService } from './photo.service.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';
import { PortraitEntity } from './portrait.entity.js';
import { PortraitsService } from './portraits.service.js';
import { UploadsService } from './uploads.service.js';

/** Photos in (checked, cropped, staged) and the child's line art: `photo_staging`, `order_photos` and `portraits`. */
@Module({
  imports: [TypeOrmModule.forFeature([PhotoStagingEntity, PortraitEntity, OrderPhotoEntity]), SessionsModule],
  providers: [UploadsService, PhotoService, PortraitsService, OrderPhotosService],
  exports: [UploadsService, PhotoService, PortraitsService, OrderPhotosService],
})
export class UploadsModule {}
