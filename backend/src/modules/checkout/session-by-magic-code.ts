import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, type Repository } from 'typeorm';
import { isMagicCode, SESSION_MESSAGES } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { SessionEntity } from '../sessions/session.entity.js';

/**
 * The session an `X-Magic-Code` header names: missing, malformed, unknown and expired all answer the same 404.
 * A stand-in until the sessions module's shared guard replaces it.
 */
@Injectable()
export class SessionByMagicCode {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly clock: Clock,
  ) {}

  async find(magicCode: string | undefined): Promise<SessionEntity> {
    const session =
      magicCode && isMagicCode(magicCode)
        ? await this.sessions.findOneBy({ magicCode, isExpired: false, expiresAt: MoreThan(this.clock.now()) })
        : null;
    if (!session) throw new NotFoundException(SESSION_MESSAGES.notFound);
    return session;
  }
}
