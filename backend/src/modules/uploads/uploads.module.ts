import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PhotoStagingEntity } from './photo-staging.entity.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PhotoStagingEntity])],
  providers: [UploadsService],
  exports: [UploadsService],
})
export class UploadsModule {}
