import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailModule } from '../email/email.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { VouchersModule } from '../vouchers/vouchers.module.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { CustomScenesController } from './custom-scenes.controller.js';
import { CustomScenesService } from './custom-scenes.service.js';
import { PreviewService } from './preview.service.js';
import { SelectionService } from './selection.service.js';
import { SessionAccessModule } from './session-access.module.js';
import { SessionEntity } from './session.entity.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, CustomSceneEntity]), UploadsModule, VouchersModule, EmailModule, PdfModule, SessionAccessModule],
  controllers: [SessionsController, CustomScenesController],
  providers: [SessionsService, SelectionService, CustomScenesService, PreviewService],
  exports: [SessionsService, SelectionService, TypeOrmModule],
})
export class SessionsModule {}
