import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, Not, type DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { Clock } from '../../infra/clock.js';
import { SecurityAlertEntity, type AlertSeverity } from './security-alert.entity.js';

export type { AlertSeverity } from './security-alert.entity.js';

/** Something an admin must look at, about one session or, with no session, about its subject (an address). */
export interface SecurityAlert {
  kind: string;
  severity: AlertSeverity;
  message: string;
  details: Record<string, unknown>;
  sessionId: string | null;
  /** With kind and session, the cause: one open alert per cause. '' unless a session can have several (a payment). */
  subject?: string;
}

/** An alert as the admin reads it. */
export type SecurityAlertRecord = Readonly<SecurityAlertEntity>;

/**
 * The `security_alerts` table (written only here): the alerts the security scans and the order flow raise for the
 * admin. At most one alert per cause (kind, session, subject) is open: a partial unique index keeps it so, and a raise
 * while one is open adds nothing (ON CONFLICT DO NOTHING), however many raise at once (docs/decisions/028).
 */
@Injectable()
export class SecurityAlertsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Records the alert unless one of its cause is open; inside the caller's transaction when it passes its manager. Answers whether it was added. */
  async raise(alert: SecurityAlert, manager: EntityManager = this.db.manager): Promise<boolean> {
    const added = await manager
      .createQueryBuilder()
      .insert()
      .into(SecurityAlertEntity)
      .values({ ...alert, subject: alert.subject ?? '', createdAt: this.clock.now() } as QueryDeepPartialEntity<SecurityAlertEntity>)
      .orIgnore()
      .returning(['id'])
      .execute();
    return (added.raw as unknown[]).length > 0;
  }

  /** The admin has looked at it: resolved now. False when there is no such open alert. */
  async acknowledge(id: string): Promise<boolean> {
    const done = await this.db.getRepository(SecurityAlertEntity).update({ id, resolvedAt: IsNull() }, { resolvedAt: this.clock.now() });
    return (done.affected ?? 0) > 0;
  }

  /** Open alerts first (newest first), then the latest resolved ones, `limit` in all. */
  async list(limit: number): Promise<SecurityAlertRecord[]> {
    const alerts = this.db.getRepository(SecurityAlertEntity);
    const open = await alerts.find({ where: { resolvedAt: IsNull() }, order: { createdAt: 'DESC' }, take: limit });
    if (open.length >= limit) return open;
    const resolved = await alerts.find({ where: { resolvedAt: Not(IsNull()) }, order: { resolvedAt: 'DESC' }, take: limit - open.length });
    return [...open, ...resolved];
  }

  countOpen(): Promise<number> {
    return this.db.getRepository(SecurityAlertEntity).countBy({ resolvedAt: IsNull() });
  }

  /** Which of these subjects had an alert of this kind (open or not) raised after `since`. */
  async subjectsRaisedSince(kind: string, subjects: string[], since: Date): Promise<Set<string>> {
    if (subjects.length === 0) return new Set();
    const rows = await this.db
      .getRepository(SecurityAlertEntity)
      .find({ select: { subject: true }, where: { kind, subject: In(subjects), createdAt: MoreThan(since) } });
    return new Set(rows.map((row) => row.subject));
  }

  /** Retention: resolved alerts resolved before `cutoff` go; open ones stay whatever their age. Answers how many. */
  async purgeResolvedBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db
      .createQueryBuilder()
      .delete()
      .from(SecurityAlertEntity)
      .where('resolved_at IS NOT NULL AND resolved_at < :cutoff', { cutoff })
      .execute();
    return deleted.affected ?? 0;
  }
}
