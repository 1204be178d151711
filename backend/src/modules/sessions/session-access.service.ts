import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { magicCodeHash } from '../../common/magic-code.js';
import { Clock } from '../../infra/clock.js';
import type { SessionRecord } from './session-records.service.js';
import { SessionEntity } from './session.entity.js';

/** Opening a session by its magic code: the one lookup behind the guard and the restore link. */
@Injectable()
export class SessionAccessService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The live session with this code, its access counted; null when unknown or expired. */
  async access(magicCode: string, ip: string | null): Promise<SessionRecord | null> {
    // For UPDATE … RETURNING, TypeORM's query() answers [rows, affectedCount].
    const [rows] = (await this.db.query(
      `UPDATE sessions SET access_count = access_count + 1
       WHERE magic_code_hash = $1 AND NOT is_expired AND expires_at > $2 RETURNING id`,
      [magicCodeHash(magicCode), this.clock.now()],
    )) as [{ id: string }[], number];
    if (rows.length === 0) return null;
    const session = await this.db.getRepository(SessionEntity).findOneByOrFail({ id: rows[0].id });
    if (ip && session.ipAddress && ip !== session.ipAddress && !session.securityFlags.multiple_ips) {
      await this.db.query(`UPDATE sessions SET security_flags = security_flags || '{"multiple_ips": true}'::jsonb WHERE id = $1`, [
        session.id,
      ]);
    }
    return session;
  }

  /** Failed lookups feed the security scan's alert (more than 10 an hour, more than 5 from one address). */
  async recordInvalidAccess(ip: string | null): Promise<void> {
    await this.db.query(`INSERT INTO session_audit_log (action, ip_address) VALUES ('invalid_access', $1)`, [ip]);
  }
}
