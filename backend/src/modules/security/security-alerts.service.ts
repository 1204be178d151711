import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type AlertSeverity = 'info' | 'warning' | 'critical';

/** Something an admin must look at, about one session. */
export interface SecurityAlert {
  kind: string;
  severity: AlertSeverity;
  message: string;
  details: Record<string, unknown>;
  sessionId: string;
}

/** The `security_alerts` table: the alerts the security scans and the order flow raise for the admin. */
@Injectable()
export class SecurityAlertsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Records the alert; inside the caller's transaction when it passes its manager. */
  async raise(alert: SecurityAlert, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(`INSERT INTO security_alerts (kind, severity, message, details, session_id) VALUES ($1, $2, $3, $4, $5)`, [
      alert.kind,
      alert.severity,
      alert.message,
      JSON.stringify(alert.details),
      alert.sessionId,
    ]);
  }
}
