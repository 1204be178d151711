import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { CustomScenesService } from './custom-scenes.service.js';
import { SessionRecordsService } from './session-records.service.js';
import { SessionEntity } from './session.entity.js';

/**
 * The sessions module's surface for other modules: the session row and its custom scenes, read and changed only
 * through these services. No controllers and no imports, so every module can use it without a cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, CustomSceneEntity])],
  providers: [SessionRecordsService, CustomScenesService],
  exports: [SessionRecordsService, CustomScenesService],
})
export class SessionRecordsModule {}
