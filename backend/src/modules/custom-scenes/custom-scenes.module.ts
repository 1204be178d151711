import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/index.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { CustomScenesService } from './custom-scenes.service.js';

/** The parent's own scenes: the `custom_scenes` table, written only through CustomScenesService. */
@Module({
  imports: [TypeOrmModule.forFeature([CustomSceneEntity]), SessionsModule],
  providers: [CustomScenesService],
  exports: [CustomScenesService],
})
export class CustomScenesModule {}
