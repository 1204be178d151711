import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MagicCodeGuard } from './magic-code.guard.js';
import { SessionAuditEntity, SessionEntity } from './session.entity.js';
import { SessionsService } from './sessions.service.js';

/**
 * The ground floor: the `sessions` table (read and changed only through SessionsService) and the magic-code guard.
 * It imports no other module, so every module above can use it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, SessionAuditEntity])],
  providers: [SessionsService, MagicCodeGuard],
  exports: [SessionsService, MagicCodeGuard],
})
export class SessionsModule {}
