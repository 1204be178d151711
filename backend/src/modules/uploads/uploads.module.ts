import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PhotoService } from './photo.service.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PhotoStagingEntity])],
  providers: [UploadsService, PhotoService],
  exports: [UploadsService, PhotoService],
})
export class UploadsModule {}
