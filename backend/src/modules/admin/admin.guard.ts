import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ADMIN_MESSAGES, ApiErrorCode } from '@colouring/domain';
import { AdminAuditService, type AdminClient } from './admin-audit.service.js';
import { AdminAuthService, type AdminIdentity } from './admin-auth.service.js';

const ADMIN_ONLY = 'shop:admin-only';
const ADMIN_ACTION = 'shop:admin-action';

type RequestWithAdmin = Request & { shopAdmin?: AdminIdentity };

/**
 * Only a signed-in admin may call this route (on a controller: every route of it). `action` names what the call does
 * for the audit log; a call without one (who am I) is not an action and is not logged.
 */
export function Admin(action?: string): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ADMIN_ONLY, true), ...(action ? [SetMetadata(ADMIN_ACTION, action)] : []), ApiBearerAuth());
}

/** A route of an admin controller that anyone may call: signing in. */
export function AdminPublic(): MethodDecorator {
  return SetMetadata(ADMIN_ONLY, false);
}

/** The address and browser the API saw, for the audit log and the lockout. */
export function adminClientOf(request: Request): AdminClient {
  return { ip: request.ip ?? null, userAgent: request.header('user-agent') ?? null };
}

function bearerToken(request: Request): string {
  const header = request.header('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/**
 * The one guard of every admin route, installed for the whole API (as Immich's `@Authenticated({ admin: true })`):
 * a route marked `@Admin()` is let through only with the token of a live admin session in `Authorization: Bearer`.
 * A missing, malformed, unknown, expired or signed-out token, and a parent's magic code, are all the same 401.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AdminAuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const adminOnly = this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ONLY, [context.getHandler(), context.getClass()]);
    if (!adminOnly) return true;
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    const admin = await this.auth.identify(bearerToken(request));
    if (!admin) throw new UnauthorizedException({ code: ApiErrorCode.Unauthorized, message: ADMIN_MESSAGES.accessDenied });
    request.shopAdmin = admin;
    return true;
  }
}

/** Writes each named admin action to the audit log once it has run, with its outcome and the route's ids. */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AdminAuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const action = this.reflector.getAllAndOverride<string | undefined>(ADMIN_ACTION, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    const admin = request.shopAdmin;
    if (!action || !admin) return next.handle();
    const record = (outcome: 'ok' | 'error') =>
      this.audit.record(
        { adminUserId: admin.adminUserId, email: admin.email, action, details: { outcome, params: { ...request.params } } },
        adminClientOf(request),
      );
    return from(
      lastValueFrom(next.handle(), { defaultValue: undefined }).then(
        async (value) => {
          await record('ok');
          return value;
        },
        async (error: unknown) => {
          await record('error');
          throw error;
        },
      ),
    );
  }
}

/** The admin the AdminGuard let through. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminIdentity => {
  const admin = context.switchToHttp().getRequest<RequestWithAdmin>().shopAdmin;
  if (!admin) throw new Error('CurrentAdmin used on a route without @Admin()');
  return admin;
});
