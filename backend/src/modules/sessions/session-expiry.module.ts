import { Module } from '@nestjs/common';
import { FileStorageModule } from '../../infra/storage.js';
import { SessionExpiryService } from './session-expiry.service.js';

/** The 30-day retention rule, for the worker's maintenance jobs (no controllers, so a worker-only process stays HTTP-free). */
@Module({
  imports: [FileStorageModule],
  providers: [SessionExpiryService],
  exports: [SessionExpiryService],
})
export class SessionExpiryModule {}
