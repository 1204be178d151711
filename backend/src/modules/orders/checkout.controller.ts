import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { CheckoutSummary } from '@colouring/domain';
import { CurrentMagicCode, CurrentSession, MagicCodeGuard, type SessionRecord } from '../sessions/index.js';
import { CheckoutService } from './checkout.service.js';
import { VoucherDto } from './sessions.dto.js';

@ApiTags('checkout')
@ApiHeader({ name: 'X-Magic-Code', required: true, description: "The session's 64-hex magic code." })
@ApiNotFoundResponse({ description: 'Session not found' })
@UseGuards(MagicCodeGuard)
@Controller('checkout')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Get('summary')
  @ApiOkResponse({
    description: "The session's order by product (scenes, photos or the dot-to-dot book) and the price the server charges.",
  })
  @ApiBadRequestResponse({ description: 'Please select some products first.' })
  summary(@CurrentSession() session: SessionRecord): Promise<CheckoutSummary> {
    return this.checkout.summary(session);
  }

  @Put('voucher')
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOkResponse({ description: 'The voucher saved (or removed with null) and the new summary.' })
  @ApiBadRequestResponse({ description: "The voucher's problem in SPEC's checkout words." })
  saveVoucher(@CurrentSession() session: SessionRecord, @Body() dto: VoucherDto): Promise<CheckoutSummary> {
    return this.checkout.saveVoucher(session, dto.voucherCode ?? null);
  }

  @Post()
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOkResponse({ description: "The card provider's payment page, where the browser goes next." })
  @ApiBadRequestResponse({ description: 'Nothing chosen, or the voucher no longer applies.' })
  start(@CurrentSession() session: SessionRecord, @CurrentMagicCode() magicCode: string): Promise<{ url: string }> {
    return this.checkout.start(session, magicCode);
  }
}
