import { createParamDecorator, Injectable, NotFoundException, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiErrorCode, isMagicCode, SESSION_MESSAGES } from '@colouring/domain';
import { SessionsService, type SessionRecord } from './sessions.service.js';

const MAGIC_CODE_HEADER = 'x-magic-code';

const COUNTED_ACCESS = 'shop:counted-access';

/** Every call of this route counts as an access of the session (a download), not only the first from a new client. */
export const CountedAccess = (): MethodDecorator => SetMetadata(COUNTED_ACCESS, true);

type RequestWithSession = Request & { shopSession?: SessionRecord; shopMagicCode?: string };

/**
 * Lets a request through only with the magic code of a live session in the X-Magic-Code header.
 * Every refusal is the same 404, so nobody can learn whether a code exists.
 */
@Injectable()
export class MagicCodeGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const code = request.header(MAGIC_CODE_HEADER) ?? '';
    const counted = this.reflector.get<boolean | undefined>(COUNTED_ACCESS, context.getHandler()) ?? false;
    const client = { ip: request.ip ?? null, userAgent: request.header('user-agent') ?? null };
    const session = isMagicCode(code) ? await this.sessions.access(code, client, { counted }) : null;
    if (!session) {
      await this.sessions.recordInvalidAccess(request.ip ?? null);
      throw new NotFoundException({ code: ApiErrorCode.SessionNotFound, message: SESSION_MESSAGES.notFound });
    }
    request.shopSession = session;
    request.shopMagicCode = code;
    return true;
  }
}

/** The session the MagicCodeGuard let through. */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SessionRecord => {
  const session = context.switchToHttp().getRequest<RequestWithSession>().shopSession;
  if (!session) throw new Error('CurrentSession used on a route without MagicCodeGuard');
  return session;
});

/**
 * The magic code the MagicCodeGuard accepted: the server keeps only its hash, so an email that must carry the code
 * gets it from the request that knows it.
 */
export const CurrentMagicCode = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const code = context.switchToHttp().getRequest<RequestWithSession>().shopMagicCode;
  if (!code) throw new Error('CurrentMagicCode used on a route without MagicCodeGuard');
  return code;
});
