import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FulfilmentService } from './fulfilment.service.js';

@ApiTags('payments')
@Controller('payments')
export class WebhookController {
  constructor(private readonly fulfilment: FulfilmentService) {}

  /** The card provider's events, verified on the exact bytes received (Nest keeps them as rawBody). */
  @Post('webhook')
  @HttpCode(200)
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ description: 'The event was taken in, or was a duplicate.' })
  @ApiBadRequestResponse({ description: 'The signature does not match the body.' })
  async webhook(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string): Promise<{ received: true }> {
    await this.fulfilment.receiveWebhook(req.rawBody, signature);
    return { received: true };
  }
}
