import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BundleEntity, ColouringLevelEntity, FeaturedBundleEntity, SceneEntity } from './scene.entities.js';
import { FeaturedBundlesService } from './featured-bundles.service.js';
import { SceneThumbnailsController, ScenesController } from './scenes.controller.js';
import { ScenesService } from './scenes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ColouringLevelEntity, BundleEntity, SceneEntity, FeaturedBundleEntity])],
  controllers: [ScenesController, SceneThumbnailsController],
  providers: [ScenesService, FeaturedBundlesService],
  exports: [ScenesService, FeaturedBundlesService],
})
export class ScenesModule {}
