import { Controller, Get, Header, NotFoundException, Param, Post, Redirect } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Clock } from '../../infra/clock.js';
import { PaymentsProvider, TestPayments, type TestCheckout } from '../../infra/payments.js';
import { FulfilmentService } from './fulfilment.service.js';
import { TEST_CHECKOUT_CSP, testCheckoutPage } from './test-checkout.page.js';

/** The test provider's pay page (development and tests only): every route is a 404 while Stripe is the provider. */
@ApiExcludeController()
@Controller('payments/test-checkout')
export class TestCheckoutController {
  constructor(
    private readonly provider: PaymentsProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly clock: Clock,
  ) {}

  @Get(':id')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', TEST_CHECKOUT_CSP)
  @Header('Cache-Control', 'no-store')
  async page(@Param('id') id: string): Promise<string> {
    const { checkout } = await this.find(id);
    return testCheckoutPage(checkout);
  }

  /** Sends the signed event through the webhook's own path, then sends the browser on as Stripe would. */
  @Post(':id/pay')
  @Redirect(undefined, 303)
  async pay(@Param('id') id: string): Promise<{ url: string }> {
    const { checkout, provider } = await this.find(id);
    const event = provider.completedEvent(checkout, this.clock.now());
    await this.fulfilment.receiveWebhook(Buffer.from(event.payload), event.signature);
    return { url: provider.successUrl(checkout) };
  }

  @Post(':id/cancel')
  @Redirect(undefined, 303)
  async cancel(@Param('id') id: string): Promise<{ url: string }> {
    const { checkout } = await this.find(id);
    return { url: checkout.order.cancelUrl };
  }

  private async find(id: string): Promise<{ checkout: TestCheckout; provider: TestPayments }> {
    const provider = this.provider;
    const checkout = provider instanceof TestPayments ? await provider.find(id) : null;
    if (!checkout || !(provider instanceof TestPayments)) throw new NotFoundException('Payment page not found');
    return { checkout, provider };
  }
}
