import { Module } from '@nestjs/common';
import { EmailModule } from './email.module.js';
import { EmailProcessor } from './email.processor.js';

/** Sends queued emails: the email jobs' handlers. Imported by the worker (ROLE=worker and ROLE=all). */
@Module({
  imports: [EmailModule],
  providers: [EmailProcessor],
})
export class EmailWorkerModule {}
