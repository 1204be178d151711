import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityAlertEntity } from './security-alert.entity.js';
import { SecurityAlertsService } from './security-alerts.service.js';

/** Raising alerts for the admin, for every module that meets something a person must look at. */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityAlertEntity])],
  providers: [SecurityAlertsService],
  exports: [SecurityAlertsService],
})
export class SecurityAlertsModule {}
