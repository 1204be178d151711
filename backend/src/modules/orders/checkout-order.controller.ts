import { Controller, Get, Header, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import type { CheckoutOrderView } from '@colouring/domain';
import { CheckoutOrderService } from './checkout-order.service.js';

/**
 * The order behind the card provider's checkout id, for the thank-you page (`/thank-you?session_id=…`) when the browser
 * has no session cookie. The id travels in the query string, which the logs drop.
 */
@ApiTags('checkout')
@ApiQuery({ name: 'session_id', description: "The card provider's checkout session id." })
@ApiNotFoundResponse({ description: 'Session not found or expired.' })
@Controller('checkout/order')
export class CheckoutOrderController {
  constructor(private readonly orders: CheckoutOrderService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  // The page polls every 5 s; twice that leaves room for reloads.
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOkResponse({ description: 'Payment and PDF progress; nothing about the child or the parent.' })
  view(@Query('session_id') checkoutId: unknown, @Req() request: Request): Promise<CheckoutOrderView> {
    return this.orders.view(typeof checkoutId === 'string' ? checkoutId : '', request.ip ?? null);
  }

  @Get('pdf')
  @Header('Cache-Control', 'private, no-store')
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiProduces('application/pdf')
  async download(@Query('session_id') checkoutId: unknown, @Req() request: Request): Promise<StreamableFile> {
    const file = await this.orders.download(typeof checkoutId === 'string' ? checkoutId : '', request.ip ?? null);
    return new StreamableFile(file.stream, { type: 'application/pdf', length: file.size, disposition: file.contentDisposition });
  }
}
