import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThanOrEqual, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { CUSTOM_SCENE_PREFIX } from '@colouring/domain';
import { magicCodeHash } from '../../common/magic-code.js';
import { Clock } from '../../infra/clock.js';
import { SessionAuditEntity, SessionEntity, type ProductType } from './session.entity.js';

export type { PortraitStatus, ProductType } from './session.entity.js';

/** A session as other modules see it: read only; every change goes through SessionsService. */
export type SessionRecord = Readonly<SessionEntity>;

export interface NewSession {
  magicCode: string;
  /** What the session is for; custom pages unless said. */
  product: ProductType;
  childName: string;
  /** '' for a single-photo draft until the parent gives it. */
  email: string;
  level: number;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface Selection {
  level: number;
  selectedScenes: string[];
  voucherCode: string | null;
}

const USER_AGENT_MAX_LENGTH = 500;

/**
 * The `sessions` table and its audit log: the only code that writes them. Every other module reads a session through
 * here and asks here for each change; a change to the selection is refused once an order of the session is paid.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(SessionAuditEntity) private readonly audit: Repository<SessionAuditEntity>,
    private readonly clock: Clock,
  ) {}

  findById(id: string): Promise<SessionRecord | null> {
    return this.sessions.findOneBy({ id });
  }

  /** In the caller's transaction: a new session with the default selection; answers its id. */
  async create(manager: EntityManager, input: NewSession): Promise<string> {
    const session = await manager.getRepository(SessionEntity).save(
      manager.getRepository(SessionEntity).create({
        magicCodeHash: magicCodeHash(input.magicCode),
        productTypes: [input.product],
        childName: input.childName,
        email: input.email,
        level: input.level,
        expiresAt: input.expiresAt,
        ipAddress: input.ip,
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      }),
    );
    await manager.getRepository(SessionAuditEntity).insert({ sessionId: session.id, action: 'created', ipAddress: input.ip });
    return session.id;
  }

  /** A session that must leave no trace (its photo was refused before anything else happened). */
  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  /** The live session with this code, its access counted and a second address flagged; null when unknown or expired. */
  async access(magicCode: string, ip: string | null): Promise<SessionRecord | null> {
    const counted = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ accessCount: () => 'access_count + 1' })
      .where('magic_code_hash = :hash AND NOT is_expired AND expires_at > :now', { hash: magicCodeHash(magicCode), now: this.clock.now() })
      .returning('id')
      .execute();
    const id = (counted.raw as { id: string }[])[0]?.id;
    if (!id) return null;
    const session = await this.sessions.findOneByOrFail({ id });
    if (ip && session.ipAddress && ip !== session.ipAddress && !session.securityFlags.multiple_ips) {
      await this.sessions.update(id, { securityFlags: { ...session.securityFlags, multiple_ips: true } });
    }
    return session;
  }

  /** Failed lookups feed the security scan's alert (more than 10 an hour, more than 5 from one address). */
  async recordInvalidAccess(ip: string | null): Promise<void> {
    await this.audit.insert({ sessionId: null, action: 'invalid_access', ipAddress: ip });
  }

  /** Saves level, scenes and voucher unless an order of the session is paid; answers whether it was saved. */
  async saveSelection(id: string, selection: Selection): Promise<boolean> {
    const saved = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ level: selection.level, selectedScenes: selection.selectedScenes, voucherCode: selection.voucherCode })
      .where('id = :id AND paid_at IS NULL', { id })
      .execute();
    return (saved.affected ?? 0) > 0;
  }

  /** The voucher alone (checkout's voucher box, any product), unless an order of the session is paid. */
  async saveVoucher(id: string, voucherCode: string | null): Promise<boolean> {
    const saved = await this.sessions.update({ id, paidAt: IsNull() }, { voucherCode });
    return (saved.affected ?? 0) > 0;
  }

  /** The email of a single-photo draft, given after its first photo; refused once an order of the session is paid. */
  async saveEmail(id: string, email: string): Promise<boolean> {
    const saved = await this.sessions.update({ id, paidAt: IsNull() }, { email });
    return (saved.affected ?? 0) > 0;
  }

  /**
   * The admin corrects the address the pages go to (the caller has checked it with the domain's rule). Paid or not, so
   * a paid order's final email can be resent to the right inbox; refused (false) once the session has expired.
   */
  async correctEmail(id: string, email: string): Promise<boolean> {
    const saved = await this.sessions.update({ id, isExpired: false }, { email });
    return (saved.affected ?? 0) > 0;
  }

  /** In the caller's transaction: a scene joins the selection, unless an order of the session is paid. */
  async addToSelection(manager: EntityManager, id: string, entry: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ selectedScenes: () => 'array_append(selected_scenes, :entry)' })
      .where('id = :id AND paid_at IS NULL', { id })
      .setParameter('entry', entry)
      .execute();
  }

  /** In the caller's transaction: a scene leaves the selection, unless an order of the session is paid. */
  async removeFromSelection(manager: EntityManager, id: string, entry: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ selectedScenes: () => 'array_remove(selected_scenes, :entry)' })
      .where('id = :id AND paid_at IS NULL', { id })
      .setParameter('entry', entry)
      .execute();
  }

  /** In the webhook's transaction: the session, its row locked so payments and selection changes take turns. */
  lockForPayment(manager: EntityManager, id: string): Promise<SessionRecord | null> {
    return manager.findOne(SessionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** In the webhook's transaction: an order of the session is paid, so its selection is frozen from now on. */
  async markPaid(manager: EntityManager, id: string, paidAt: Date): Promise<void> {
    await manager.update(SessionEntity, { id }, { paidAt });
  }

  /** In the portrait job's transaction: the line art is stored. */
  async markPortraitReady(manager: EntityManager, id: string): Promise<void> {
    await manager.update(SessionEntity, { id }, { portraitStatus: 'ready', portraitError: null });
  }

  /** In the portrait job's transaction: no line art will come, for this reason (a refusal code, or 'failed'). */
  async markPortraitFailed(manager: EntityManager, id: string, reason: string): Promise<void> {
    await manager.update(SessionEntity, { id }, { portraitStatus: 'failed', portraitError: reason });
  }

  /**
   * In the expiry's transaction: up to `limit` sessions past their 30 days and not yet expired, their rows locked;
   * rows another run holds are skipped (FOR UPDATE SKIP LOCKED), so two workers take different sessions.
   */
  async takeDueForExpiry(manager: EntityManager, now: Date, limit: number): Promise<string[]> {
    const due = await manager
      .getRepository(SessionEntity)
      .createQueryBuilder('session')
      .select('session.id')
      .where({ isExpired: false, expiresAt: LessThanOrEqual(now) })
      .orderBy('session.expires_at')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    return due.map((session) => session.id);
  }

  /**
   * In the expiry's transaction: the sessions are marked expired and their personal details blanked (name, email,
   * addresses, the parent's own scenes in the selection); the audit log keeps its actions without the addresses.
   */
  async expire(manager: EntityManager, ids: string[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({
        isExpired: true,
        childName: '',
        email: '',
        ipAddress: null,
        userAgent: null,
        singlePhotoData: null,
        selectedScenes: () => `ARRAY(SELECT s FROM unnest(selected_scenes) AS s WHERE s NOT LIKE :custom)`,
      })
      .where({ id: In(ids) })
      .setParameter('custom', `${CUSTOM_SCENE_PREFIX}%`)
      .execute();
    await manager.getRepository(SessionAuditEntity).update({ sessionId: In(ids) }, { ipAddress: null });
  }

  /** Live sessions: the live one behind an id, for lookups that must not open an expired session. */
  findLive(id: string): Promise<SessionRecord | null> {
    return this.sessions.findOneBy({ id, isExpired: false, expiresAt: MoreThan(this.clock.now()) });
  }
}
