import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AdminIdentityView, AdminSignedIn } from '@colouring/domain';
import { AdminAuthService, type AdminIdentity } from './admin-auth.service.js';
import { AdminSignInDto } from './admin.dto.js';
import { Admin, adminClientOf, AdminPublic, CurrentAdmin } from './admin.guard.js';

/** The admin's own session: sign in (anyone), who am I, sign out. */
@ApiTags('admin')
@Controller('admin/session')
@Admin()
export class AdminSessionController {
  constructor(private readonly auth: AdminAuthService) {}

  /** Per client, beside the lockout: a burst of sign-ins is cut short before any password is hashed. */
  @Post()
  @AdminPublic()
  @HttpCode(200)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  signIn(@Body() dto: AdminSignInDto, @Req() request: Request): Promise<AdminSignedIn> {
    return this.auth.signIn(dto.email, dto.password, adminClientOf(request));
  }

  @Get()
  whoAmI(@CurrentAdmin() admin: AdminIdentity): AdminIdentityView {
    return { email: admin.email, expiresAt: admin.expiresAt.toISOString() };
  }

  @Delete()
  @Admin('sign_out')
  @HttpCode(204)
  async signOut(@CurrentAdmin() admin: AdminIdentity): Promise<void> {
    await this.auth.signOut(admin);
  }
}
