import { Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CheckoutService, type CheckoutSummary } from './checkout.service.js';
import { SessionByMagicCode } from './session-by-magic-code.js';

const MAGIC_CODE_HEADER = { name: 'X-Magic-Code', required: true, description: "The session's 64-hex magic code." };

@ApiTags('checkout')
@ApiHeader(MAGIC_CODE_HEADER)
@ApiNotFoundResponse({ description: 'Session not found' })
@Controller('checkout')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly sessions: SessionByMagicCode,
  ) {}

  @Get('summary')
  @ApiOkResponse({ description: 'The scenes chosen and the price the server charges for them.' })
  @ApiBadRequestResponse({ description: 'Please select some products first.' })
  async summary(@Headers('x-magic-code') magicCode?: string): Promise<CheckoutSummary> {
    return this.checkout.summary(await this.sessions.find(magicCode));
  }

  @Post()
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOkResponse({ description: "The card provider's payment page, where the browser goes next." })
  @ApiBadRequestResponse({ description: 'Nothing chosen, or the voucher no longer applies.' })
  async start(@Headers('x-magic-code') magicCode?: string): Promise<{ url: string }> {
    return this.checkout.start(await this.sessions.find(magicCode));
  }
}
