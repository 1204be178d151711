import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BundleEntity, ColouringLevelEntity, FeaturedBundleEntity, SceneEntity } from './scene.entities.js';
import { ScenesController } from './scenes.controller.js';
import { ScenesService } from './scenes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ColouringLevelEntity, BundleEntity, SceneEntity, FeaturedBundleEntity])],
  controllers: [ScenesController],
  providers: [ScenesService],
  exports: [ScenesService],
})
export class ScenesModule {}
