import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import type { ShareVoucherSent } from '@colouring/domain';
import { CurrentSession, MagicCodeGuard, type SessionRecord } from '../sessions/index.js';
import { ShareVoucherDto } from './share.dto.js';
import { ShareService } from './share.service.js';

@ApiTags('share')
@ApiHeader({ name: 'X-Magic-Code', required: true, description: "The session's 64-hex magic code." })
@ApiNotFoundResponse({ description: 'Session not found' })
@UseGuards(MagicCodeGuard)
@Controller('sessions/current/share-voucher')
export class ShareController {
  constructor(private readonly share: ShareService) {}

  @Post()
  @HttpCode(200)
  @Throttle({ default: { limit: 5, ttl: 60_000 } })
  @ApiOkResponse({ description: "The share voucher was issued and its email queued to the session's address." })
  @ApiUnprocessableEntityResponse({ description: 'share_incomplete: Please complete the sharing process to get your voucher' })
  @ApiConflictResponse({ description: 'share_voucher_exists: You already have a share voucher! Check your email.' })
  @ApiTooManyRequestsResponse({ description: "shared_recently: You've already shared recently..." })
  requestVoucher(
    @CurrentSession() session: SessionRecord,
    @Body() dto: ShareVoucherDto,
    @Req() request: Request,
  ): Promise<ShareVoucherSent> {
    return this.share.requestVoucher(session, dto, request.ip ?? null);
  }
}
