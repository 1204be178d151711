import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { Clock } from '../../infra/clock.js';
import { AdminAuditEntity } from './admin.entities.js';

/** Where a request came from: the client's address and browser, as the API saw them. */
export interface AdminClient {
  ip: string | null;
  userAgent: string | null;
}

export interface AdminAuditEntry {
  /** The signed-in admin; null for a refused sign-in. */
  adminUserId: string | null;
  /** The account's email, or the one typed at a refused sign-in. */
  email: string | null;
  action: string;
  details?: Record<string, unknown>;
}

/** The `admin_audit_log` table, written only here: every admin action, who, what, when and from where. */
@Injectable()
export class AdminAuditService {
  constructor(
    @InjectRepository(AdminAuditEntity) private readonly log: Repository<AdminAuditEntity>,
    private readonly clock: Clock,
  ) {}

  async record(entry: AdminAuditEntry, client: AdminClient): Promise<void> {
    await this.log.save(
      this.log.create({
        adminUserId: entry.adminUserId,
        email: entry.email?.slice(0, 254) ?? null,
        action: entry.action,
        details: entry.details ?? {},
        ipAddress: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        createdAt: this.clock.now(),
      }),
    );
  }

  /** Retention: rows older than `cutoff` go; answers how many. */
  async purgeBefore(cutoff: Date): Promise<number> {
    const deleted = await this.log.delete({ createdAt: LessThan(cutoff) });
    return deleted.affected ?? 0;
  }
}
