import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SecurityAlertEntity, type AlertSeverity } from './security-alert.entity.js';

export type { AlertSeverity } from './security-alert.entity.js';

/** Something an admin must look at, about one session. */
export interface SecurityAlert {
  kind: string;
  severity: AlertSeverity;
  message: string;
  details: Record<string, unknown>;
  sessionId: string;
}

/** The `security_alerts` table (written only here): the alerts the security scans and the order flow raise for the admin. */
@Injectable()
export class SecurityAlertsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Records the alert; inside the caller's transaction when it passes its manager. */
  async raise(alert: SecurityAlert, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.save(SecurityAlertEntity, { ...alert });
  }
}
