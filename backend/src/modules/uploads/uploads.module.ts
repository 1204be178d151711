import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PhotoService } from './photo.service.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';
import { PortraitEntity } from './portrait.entity.js';
import { PortraitsService } from './portraits.service.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PhotoStagingEntity, PortraitEntity])],
  providers: [UploadsService, PhotoService, PortraitsService],
  exports: [UploadsService, PhotoService, PortraitsService],
})
export class UploadsModule {}
