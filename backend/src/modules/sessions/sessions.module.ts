import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { MagicCodeGuard } from './magic-code.guard.js';
import { PortraitEntity } from './portrait.entity.js';
import { SessionEntity } from './session.entity.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, PortraitEntity, CustomSceneEntity]), UploadsModule],
  controllers: [SessionsController],
  providers: [SessionsService, MagicCodeGuard],
  exports: [SessionsService, MagicCodeGuard, TypeOrmModule],
})
export class SessionsModule {}
