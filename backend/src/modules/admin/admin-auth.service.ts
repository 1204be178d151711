import { createHash, randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, UnauthorizedException, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import argon2 from 'argon2';
import { LessThanOrEqual, MoreThan, type Repository } from 'typeorm';
import { ADMIN_MESSAGES, adminLockedMessage, ApiErrorCode, type AdminSignedIn } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { AdminAuditService, type AdminClient } from './admin-audit.service.js';
import { AdminSessionEntity, AdminUserEntity } from './admin.entities.js';
import { SignInLimiter } from './sign-in-limiter.js';

/** How long an admin session lasts from sign-in, whatever is done with it (docs/decisions/026). */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60_000;

/** 32 random bytes, base64url: what the admin's browser cookie holds. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A live admin session, as the guard hands it to the routes. */
export interface AdminIdentity {
  adminUserId: string;
  email: string;
  expiresAt: Date;
  tokenHash: string;
}

export function adminTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Signing in and out; `admin_sessions` is written only here. */
@Injectable()
export class AdminAuthService implements OnModuleInit {
  /** Verified against when the email is unknown, so a wrong email costs as long as a wrong password. */
  private dummyHash = '';

  constructor(
    @InjectRepository(AdminUserEntity) private readonly users: Repository<AdminUserEntity>,
    @InjectRepository(AdminSessionEntity) private readonly sessions: Repository<AdminSessionEntity>,
    private readonly audit: AdminAuditService,
    private readonly limiter: SignInLimiter,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    // The same function and defaults as the seeded hashes (argon2id), so both verifications cost the same.
    this.dummyHash = await argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id });
  }

  async signIn(typedEmail: string, password: string, client: AdminClient): Promise<AdminSignedIn> {
    const email = typedEmail.trim().toLowerCase();
    const lockedMs = await this.limiter.lockedFor(email, client.ip);
    if (lockedMs > 0) {
      await this.audit.record({ adminUserId: null, email, action: 'sign_in_locked' }, client);
      throw this.locked(lockedMs);
    }
    const user = await this.users.findOneBy({ email });
    const verified = await argon2.verify(user?.passwordHash ?? this.dummyHash, password).catch(() => false);
    if (!user || !verified) {
      const nowLocked = await this.limiter.recordFailure(email, client.ip);
      await this.audit.record({ adminUserId: user?.id ?? null, email, action: 'sign_in_failed' }, client);
      if (nowLocked) throw this.locked(await this.limiter.lockedFor(email, client.ip));
      throw new UnauthorizedException({ code: ApiErrorCode.Unauthorized, message: ADMIN_MESSAGES.invalidCredentials });
    }
    await this.limiter.recordSuccess(email);
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ADMIN_SESSION_TTL_MS);
    await this.sessions.delete({ adminUserId: user.id, expiresAt: LessThanOrEqual(now) });
    await this.sessions.insert({ tokenHash: adminTokenHash(token), adminUserId: user.id, expiresAt, createdAt: now });
    await this.audit.record({ adminUserId: user.id, email: user.email, action: 'sign_in' }, client);
    return { token, email: user.email, expiresAt: expiresAt.toISOString() };
  }

  /** The live session this token opens, or null (unknown, malformed, expired or signed out). */
  async identify(token: string): Promise<AdminIdentity | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const tokenHash = adminTokenHash(token);
    const session = await this.sessions.findOneBy({ tokenHash, expiresAt: MoreThan(this.clock.now()) });
    if (!session) return null;
    const user = await this.users.findOneBy({ id: session.adminUserId });
    if (!user) return null;
    return { adminUserId: user.id, email: user.email, expiresAt: session.expiresAt, tokenHash };
  }

  /** Deletes the session's row: its token opens nothing from now on. (The audit interceptor logs the sign-out.) */
  async signOut(admin: AdminIdentity): Promise<void> {
    await this.sessions.delete({ tokenHash: admin.tokenHash });
  }

  private locked(ms: number): HttpException {
    return new HttpException({ code: ApiErrorCode.AdminLocked, message: adminLockedMessage(ms / 60_000) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
