import { Module } from '@nestjs/common';
import { MagicCodeGuard } from './magic-code.guard.js';
import { SessionAccessService } from './session-access.service.js';

/** The magic-code guard, for every module whose routes belong to the parent's session. */
@Module({
  providers: [SessionAccessService, MagicCodeGuard],
  exports: [SessionAccessService, MagicCodeGuard],
})
export class SessionAccessModule {}
