import { Module } from '@nestjs/common';
import { SecurityAlertsService } from './security-alerts.service.js';

/** Raising alerts for the admin, for every module that meets something a person must look at. */
@Module({
  providers: [SecurityAlertsService],
  exports: [SecurityAlertsService],
})
export class SecurityAlertsModule {}
