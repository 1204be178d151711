import { Module } from '@nestjs/common';
import { FileStorageModule } from '../../infra/storage.js';
import { EmailModule } from '../email/email.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { SessionExpiryService } from './session-expiry.service.js';

/** The 30-day retention rule, for the worker's maintenance jobs (no controllers, so a worker-only process stays HTTP-free). */
@Module({
  imports: [FileStorageModule, UploadsModule, EmailModule],
  providers: [SessionExpiryService],
  exports: [SessionExpiryService],
})
export class SessionExpiryModule {}
