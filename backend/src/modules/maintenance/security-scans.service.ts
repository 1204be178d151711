import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ACCESS_COUNT_ALERT_ABOVE,
  FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS,
  FAILED_VALIDATION_ALERT_ABOVE_PER_HOUR,
} from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { AdminAuditService } from '../admin/index.js';
import { SecurityAlertsService } from '../security/index.js';
import { SessionsService } from '../sessions/index.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How long the audit tables and acknowledged alerts are kept (docs/decisions/028). */
const AUDIT_RETENTION_DAYS = 90;

export interface RetentionResult {
  sessionAudit: number;
  adminAudit: number;
  resolvedAlerts: number;
}

/**
 * The security scans (SPEC §9, docs/decisions/028): each reads the owners' tables through their services, raises
 * through SecurityAlertsService (one open alert per cause) and is idempotent, so a second run, or two at once, adds
 * nothing. Times come from the app's clock.
 */
@Injectable()
export class SecurityScansService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly alerts: SecurityAlertsService,
    private readonly adminAudit: AdminAuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * SPEC's rate-limit alert: a live session whose access count is over 100 is flagged `rate_limited` and gets one alert,
   * in one transaction; once flagged it is not raised again (acknowledging it ends it).
   */
  async scanAccessCounts(): Promise<number> {
    return this.db.transaction(async (manager) => {
      const flagged = await this.sessions.flagOverAccessLimit(manager, ACCESS_COUNT_ALERT_ABOVE);
      for (const session of flagged) {
        await this.alerts.raise(
          {
            kind: 'rate_limit',
            severity: 'warning',
            message: `Session ${session.id} was accessed ${session.accessCount} times (more than ${ACCESS_COUNT_ALERT_ABOVE}): restores, downloads and new clients`,
            details: { accessCount: session.accessCount },
            sessionId: session.id,
          },
          manager,
        );
      }
      return flagged.length;
    });
  }

  /**
   * SPEC's failed-validation alert: more than 10 invalid accesses in the last hour, more than 5 of them from one address.
   * One alert per such address; an address alerted in the last hour (open or acknowledged) is not alerted again.
   */
  async scanInvalidAccesses(): Promise<number> {
    const since = new Date(this.clock.now().getTime() - HOUR_MS);
    const { total, addresses } = await this.sessions.invalidAccessesSince(since, FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS);
    if (total <= FAILED_VALIDATION_ALERT_ABOVE_PER_HOUR || addresses.length === 0) return 0;
    const alerted = await this.alerts.subjectsRaisedSince(
      'failed_validation',
      addresses.map((address) => address.ip),
      since,
    );
    let raised = 0;
    for (const { ip, count } of addresses.filter((address) => !alerted.has(address.ip))) {
      const added = await this.alerts.raise({
        kind: 'failed_validation',
        severity: 'warning',
        message: `${count} invalid accesses from ${ip} in the last hour (${total} from all addresses): someone may be guessing codes`,
        details: { address: ip, count, total },
        sessionId: null,
        subject: ip,
      });
      if (added) raised++;
    }
    return raised;
  }

  /** Retention: session and admin audit rows, and acknowledged alerts, older than 90 days go. Open alerts stay. */
  async purgeOldAudit(): Promise<RetentionResult> {
    const cutoff = new Date(this.clock.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
    return {
      sessionAudit: await this.sessions.purgeAuditBefore(cutoff),
      adminAudit: await this.adminAudit.purgeBefore(cutoff),
      resolvedAlerts: await this.alerts.purgeResolvedBefore(cutoff),
    };
  }
}
