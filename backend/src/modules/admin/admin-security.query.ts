import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ADMIN_FLAGGED_SESSIONS_SHOWN,
  ADMIN_SECURITY_ALERTS_SHOWN,
  FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS,
  SECURITY_FLAG_NAMES,
  type AdminFlaggedSessionRow,
  type AdminSecurityAlertRow,
  type AdminSecurityMetrics,
  type AdminSecurityView,
  type SecurityFlagName,
} from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { SecurityAlertsService, type SecurityAlertRecord } from '../security/index.js';
import { SessionsService } from '../sessions/index.js';

const HOUR_MS = 60 * 60 * 1000;
/** The shop's day and week (Monday first) begin at London's midnight. */
const DAY_START = `date_trunc('day', CAST(:now AS timestamptz) AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'`;
const WEEK_START = `date_trunc('week', CAST(:now AS timestamptz) AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'`;
const HAS_FLAG = (flag: SecurityFlagName) => `s.security_flags->>'${flag}' IS NOT NULL`;

/**
 * The Security tab: figures over `sessions` and `orders` read through the query builder by table name (their modules
 * export no entity; their owners alone write them, decision 026), the invalid accesses through SessionsService, and
 * the alerts through SecurityAlertsService.
 */
@Injectable()
export class AdminSecurityQueryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly alerts: SecurityAlertsService,
    private readonly clock: Clock,
  ) {}

  async view(): Promise<AdminSecurityView> {
    const [metrics, alerts, flagged] = await Promise.all([this.metrics(), this.alerts.list(ADMIN_SECURITY_ALERTS_SHOWN), this.flagged()]);
    return { metrics, alerts: alerts.map(toAlertRow), flagged };
  }

  private async metrics(): Promise<AdminSecurityMetrics> {
    const now = this.clock.now();
    const flagCounts = SECURITY_FLAG_NAMES.map((flag) => `count(*) FILTER (WHERE ${HAS_FLAG(flag)})::int AS "${flag}"`);
    const [sessions, paid, failed, flagged, invalid, openAlerts] = await Promise.all([
      this.db
        .createQueryBuilder()
        .from('sessions', 's')
        .select(`count(*) FILTER (WHERE s.created_at >= ${DAY_START})::int`, 'today')
        .addSelect('count(*)::int', 'week')
        .where(`s.created_at >= ${WEEK_START}`, { now })
        .getRawOne<{ today: number; week: number }>(),
      this.db
        .createQueryBuilder()
        .from('orders', 'o')
        .select(`count(*) FILTER (WHERE o.paid_at >= ${DAY_START})::int`, 'today')
        .addSelect('count(*)::int', 'week')
        .where(`o.paid_at >= ${WEEK_START}`, { now })
        .getRawOne<{ today: number; week: number }>(),
      this.db
        .createQueryBuilder()
        .from('orders', 'o')
        .select('count(*)::int', 'failed')
        .where(`o.paid_at IS NOT NULL AND o.pdf_status = 'failed' AND o.expired_at IS NULL`)
        .getRawOne<{ failed: number }>(),
      this.db
        .createQueryBuilder()
        .from('sessions', 's')
        .select('count(*)::int', 'total')
        .addSelect(flagCounts)
        .where(`s.security_flags <> '{}'::jsonb AND NOT s.is_expired`)
        .getRawOne<Record<SecurityFlagName | 'total', number>>(),
      this.sessions.invalidAccessesSince(new Date(now.getTime() - HOUR_MS), FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS),
      this.alerts.countOpen(),
    ]);
    return {
      at: now.toISOString(),
      sessionsToday: sessions?.today ?? 0,
      sessionsThisWeek: sessions?.week ?? 0,
      paidOrdersToday: paid?.today ?? 0,
      paidOrdersThisWeek: paid?.week ?? 0,
      failedPdfs: failed?.failed ?? 0,
      invalidAccessesLastHour: invalid.total,
      flaggedSessions: flagged?.total ?? 0,
      flags: Object.fromEntries(SECURITY_FLAG_NAMES.map((flag) => [flag, flagged?.[flag] ?? 0])) as Record<SecurityFlagName, number>,
      openAlerts,
    };
  }

  /** The live sessions flagged most recently (index sessions_flagged_idx). */
  private async flagged(): Promise<AdminFlaggedSessionRow[]> {
    const rows = await this.db
      .createQueryBuilder()
      .from('sessions', 's')
      .select(['s.id AS id', 's.child_name AS child_name', 's.email AS email', 's.security_flags AS flags'])
      .addSelect(['s.access_count AS access_count', 's.created_at AS created_at'])
      .where(`s.security_flags <> '{}'::jsonb AND NOT s.is_expired`)
      .orderBy('s.updated_at', 'DESC')
      .limit(ADMIN_FLAGGED_SESSIONS_SHOWN)
      .getRawMany<{
        id: string;
        child_name: string;
        email: string;
        flags: Record<string, unknown>;
        access_count: number;
        created_at: Date;
      }>();
    return rows.map((row) => ({
      id: row.id,
      childName: row.child_name,
      email: row.email,
      flags: SECURITY_FLAG_NAMES.filter((flag) => row.flags[flag] !== undefined),
      accessCount: row.access_count,
      createdAt: row.created_at.toISOString(),
    }));
  }
}

function toAlertRow(alert: SecurityAlertRecord): AdminSecurityAlertRow {
  return {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    message: alert.message,
    sessionId: alert.sessionId,
    createdAt: alert.createdAt.toISOString(),
    resolvedAt: alert.resolvedAt?.toISOString() ?? null,
  };
}
