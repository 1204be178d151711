import { createHash } from 'node:crypto';
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

/** Where a request with the code came from, as the API saw it. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A session remembers this many clients; past it, every call from an unremembered one counts (docs/decisions/028). */
const KNOWN_CLIENTS_MAX = 20;
/** Used from more clients than this, a session is flagged `suspicious_activity`. */
const SUSPICIOUS_ABOVE_CLIENTS = 5;

/** A client as the session remembers it: 16 hex characters of the SHA-256 of its address and browser. */
function clientFingerprint(client: SessionClient): string {
  return createHash('sha256')
    .update(`${client.ip ?? ''}\n${client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

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
        knownClients: [clientFingerprint({ ip: input.ip, userAgent: input.userAgent })],
      }),
    );
    await manager.getRepository(SessionAuditEntity).insert({ sessionId: session.id, action: 'created', ipAddress: input.ip });
    return session.id;
  }

  /** A session that must leave no trace (its photo was refused before anything else happened). */
  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  /**
   * The live session with this code, or null when unknown or expired. Only an access counts (docs/decisions/028): a
   * `counted` one (a restore, a download) or the first use from a client the session has not seen; polls and autosaves
   * from a known client write nothing. An address other than the creator's sets `multiple_ips`, a sixth client
   * `suspicious_activity`: signals for the admin, never a refusal (a restore link must work on another device).
   */
  async access(magicCode: string, client: SessionClient, options: { counted?: boolean } = {}): Promise<SessionRecord | null> {
    const session = await this.sessions.findOneBy({
      magicCodeHash: magicCodeHash(magicCode),
      isExpired: false,
      expiresAt: MoreThan(this.clock.now()),
    });
    if (!session) return null;
    const fingerprint = clientFingerprint(client);
    const newClient = !session.knownClients.includes(fingerprint);
    const newAddress =
      client.ip !== null && session.ipAddress !== null && client.ip !== session.ipAddress && !session.securityFlags.multiple_ips;
    if (options.counted || newClient || newAddress) await this.noteAccess(session.id, fingerprint, client.ip, options.counted ?? false);
    return session;
  }

  /** One statement, so concurrent calls from one new client count it once (the row's lock orders them). */
  private async noteAccess(id: string, fingerprint: string, ip: string | null, counted: boolean): Promise<void> {
    await this.sessions
      .createQueryBuilder()
      .update()
      .set({
        accessCount: () => 'access_count + CASE WHEN :counted OR NOT (:client = ANY(known_clients)) THEN 1 ELSE 0 END',
        knownClients: () =>
          'CASE WHEN :client = ANY(known_clients) OR cardinality(known_clients) >= :knownMax THEN known_clients ELSE array_append(known_clients, :client) END',
        securityFlags: () =>
          `security_flags
           || CASE WHEN ip_address IS NOT NULL AND CAST(:ip AS text) IS NOT NULL AND ip_address <> :ip THEN '{"multiple_ips": true}'::jsonb ELSE '{}'::jsonb END
           || CASE WHEN NOT (:client = ANY(known_clients)) AND cardinality(known_clients) >= :suspiciousAt THEN '{"suspicious_activity": true}'::jsonb ELSE '{}'::jsonb END`,
      })
      .where('id = :id', { id })
      .setParameters({ counted, client: fingerprint, knownMax: KNOWN_CLIENTS_MAX, ip, suspiciousAt: SUSPICIOUS_ABOVE_CLIENTS })
      .execute();
  }

  /** A download by the card provider's id (no code): it counts as an access of the session. */
  async countAccess(id: string): Promise<void> {
    await this.sessions.increment({ id }, 'accessCount', 1);
  }

  /** Failed lookups feed the security scan's alert (more than 10 an hour, more than 5 from one address). */
  async recordInvalidAccess(ip: string | null): Promise<void> {
    await this.audit.insert({ sessionId: null, action: 'invalid_access', ipAddress: ip, createdAt: this.clock.now() });
  }

  /** Invalid accesses (failed lookups) since `since`: how many in all, and the addresses with more than `aboveForAddress`. */
  async invalidAccessesSince(since: Date, aboveForAddress: number): Promise<{ total: number; addresses: { ip: string; count: number }[] }> {
    const recent = () => this.audit.createQueryBuilder('a').where(`a.action = 'invalid_access' AND a.created_at > :since`, { since });
    const [counted, addresses] = await Promise.all([
      recent().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
      recent()
        .select('a.ip_address', 'ip')
        .addSelect('count(*)::int', 'count')
        .andWhere('a.ip_address IS NOT NULL')
        .groupBy('a.ip_address')
        .having('count(*) > :above', { above: aboveForAddress })
        .orderBy('count', 'DESC')
        .getRawMany<{ ip: string; count: number }>(),
    ]);
    return { total: counted?.total ?? 0, addresses };
  }

  /**
   * In the access scan's transaction: live sessions whose access count is above `above` and not yet flagged get
   * `rate_limited`; answers them. A session is answered once, whichever scan gets there first.
   */
  async flagOverAccessLimit(manager: EntityManager, above: number): Promise<{ id: string; accessCount: number }[]> {
    const flagged = await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ securityFlags: () => `security_flags || '{"rate_limited": true}'::jsonb` })
      .where(`access_count > :above AND NOT is_expired AND security_flags->>'rate_limited' IS NULL`, { above })
      .returning('id, access_count')
      .execute();
    return (flagged.raw as { id: string; access_count: number }[]).map((row) => ({ id: row.id, accessCount: row.access_count }));
  }

  /** Retention: audit rows older than `cutoff` go, a batch at a time; answers how many. */
  async purgeAuditBefore(cutoff: Date, batch = 5000): Promise<number> {
    let purged = 0;
    for (;;) {
      const deleted = await this.audit
        .createQueryBuilder()
        .delete()
        .where(`id IN (SELECT id FROM session_audit_log WHERE created_at < :cutoff LIMIT ${batch})`, { cutoff })
        .execute();
      purged += deleted.affected ?? 0;
      if ((deleted.affected ?? 0) < batch) return purged;
    }
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
        knownClients: [],
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
