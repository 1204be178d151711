import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import type { AppConfig } from '../config/config.js';

/** What the shop asks the card provider to charge: one line, already priced by the server. */
export interface CheckoutOrder {
  /** Our order id (and its session's): they travel as metadata and come back in the webhook. */
  orderId: string;
  sessionId: string;
  email: string;
  item: { name: string; description: string; amountPence: number };
  /** The same key for the same order, so a double click or a retry opens one payment page. */
  idempotencyKey: string;
  /** May hold `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
}

export interface StartedCheckout {
  providerSessionId: string;
  /** The provider's payment page, where the browser goes next. */
  url: string;
}

/** What a card provider's event means for an order. */
export type PaymentOutcome = 'paid' | 'awaiting_payment' | 'payment_failed' | 'expired' | 'other';

/** A verified webhook event in the shop's own terms: the provider's types stay inside this adapter. */
export interface PaymentEvent {
  /** The provider's event id: a delivery repeated or replayed carries the same one. */
  id: string;
  /** The provider's event type, kept with the event id for the accounts. */
  type: string;
  outcome: PaymentOutcome;
  /** The checkout the event is about; null for events about anything else. */
  checkout: {
    providerSessionId: string;
    orderId: string | null;
    sessionId: string | null;
    amountPence: number | null;
    currency: string | null;
  } | null;
}

const CHECKOUT_OUTCOMES: Record<string, (checkout: Stripe.Checkout.Session) => PaymentOutcome> = {
  // Bank debits and the like complete unpaid; async_payment_succeeded or _failed follows.
  'checkout.session.completed': (checkout) => (checkout.payment_status === 'unpaid' ? 'awaiting_payment' : 'paid'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'payment_failed',
  'checkout.session.expired': () => 'expired',
};

/** A Stripe event as the shop's PaymentEvent. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const outcomeOf = CHECKOUT_OUTCOMES[event.type];
  if (!outcomeOf) return { id: event.id, type: event.type, outcome: 'other', checkout: null };
  const checkout = event.data.object as Stripe.Checkout.Session;
  return {
    id: event.id,
    type: event.type,
    outcome: outcomeOf(checkout),
    checkout: {
      providerSessionId: checkout.id,
      orderId: checkout.metadata?.orderId ?? checkout.client_reference_id ?? null,
      sessionId: checkout.metadata?.sessionId ?? null,
      amountPence: checkout.amount_total,
      currency: checkout.currency,
    },
  };
}

/** Stripe's template in success URLs; both providers fill it in. */
export const CHECKOUT_SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/**
 * The card provider. Both implementations sign their webhook events with Stripe's scheme, so the webhook
 * verifies every event the same way, with Stripe's constructEvent, whoever sent it.
 */
export abstract class PaymentsProvider {
  constructor(protected readonly webhookSecret: string) {}

  abstract startCheckout(order: CheckoutOrder): Promise<StartedCheckout>;

  /** Checks the Stripe-Signature header against the raw body (throws when it does not match), then reads the event. */
  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent {
    return paymentEventOf(Stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret));
  }
}

/** Where the Stripe client sends its requests: Stripe itself by default, a fake on loopback in tests. */
export type StripeApiAddress = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** The Checkout Session for an order: one GBP line in pence, wallets included (Checkout offers them by itself). */
export function checkoutSessionParams(order: CheckoutOrder): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'gbp',
          unit_amount: order.item.amountPence,
          product_data: { name: order.item.name, description: order.item.description },
        },
      },
    ],
    customer_email: order.email,
    client_reference_id: order.orderId,
    metadata: { orderId: order.orderId, sessionId: order.sessionId },
    payment_intent_data: { metadata: { orderId: order.orderId, sessionId: order.sessionId } },
    locale: 'en-GB',
    success_url: order.successUrl,
    cancel_url: order.cancelUrl,
  };
}

/** Stripe Checkout, used whenever STRIPE_SECRET_KEY is set (always in production). */
export class StripePayments extends PaymentsProvider {
  private readonly stripe: Stripe;

  constructor(secretKey: string, webhookSecret: string, api: StripeApiAddress = {}) {
    super(webhookSecret);
    // Retries are safe: every create carries an idempotency key.
    this.stripe = new Stripe(secretKey, { timeout: 10_000, maxNetworkRetries: 2, ...api });
  }

  async startCheckout(order: CheckoutOrder): Promise<StartedCheckout> {
    const session = await this.stripe.checkout.sessions.create(checkoutSessionParams(order), { idempotencyKey: order.idempotencyKey });
    if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
    return { providerSessionId: session.id, url: session.url };
  }
}

/** A payment page of the test provider, kept in Redis for a day like a Stripe Checkout Session. */
export interface TestCheckout {
  id: string;
  order: CheckoutOrder;
  createdAt: string;
}

/** A webhook delivery: the exact body and its Stripe-Signature header. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

const TEST_CHECKOUT_TTL_SECONDS = 24 * 60 * 60;
const TEST_CHECKOUT_ID = /^cs_test_[0-9a-f]{48}$/;

/**
 * The local provider for development and tests without Stripe keys: its own pay page under
 * /api/payments/test-checkout/:id, whose Pay button sends a signed checkout.session.completed to the webhook.
 */
export class TestPayments extends PaymentsProvider {
  constructor(
    private readonly redis: Redis,
    private readonly publicUrl: string,
    webhookSecret: string,
  ) {
    super(webhookSecret);
  }

  async startCheckout(order: CheckoutOrder): Promise<StartedCheckout> {
    const fresh = `cs_test_${randomBytes(24).toString('hex')}`;
    const keyName = `test-checkout-key:${order.idempotencyKey}`;
    const claimed = await this.redis.set(keyName, fresh, 'EX', TEST_CHECKOUT_TTL_SECONDS, 'NX');
    const id = claimed === 'OK' ? fresh : ((await this.redis.get(keyName)) ?? fresh);
    if (id === fresh) {
      const checkout: TestCheckout = { id, order, createdAt: new Date().toISOString() };
      await this.redis.set(`test-checkout:${id}`, JSON.stringify(checkout), 'EX', TEST_CHECKOUT_TTL_SECONDS);
    }
    return { providerSessionId: id, url: `${this.publicUrl}/api/payments/test-checkout/${id}` };
  }

  async find(id: string): Promise<TestCheckout | null> {
    if (!TEST_CHECKOUT_ID.test(id)) return null;
    const stored = await this.redis.get(`test-checkout:${id}`);
    return stored ? (JSON.parse(stored) as TestCheckout) : null;
  }

  /** Where the browser goes after paying: the order's success URL with this checkout's id filled in. */
  successUrl(checkout: TestCheckout): string {
    return checkout.order.successUrl.replace(CHECKOUT_SESSION_ID_TEMPLATE, checkout.id);
  }

  /**
   * The event Stripe would send once the card is charged, signed as Stripe signs it. Its id is fixed per
   * checkout, so paying twice is a duplicate event, as it would be with Stripe.
   */
  completedEvent(checkout: TestCheckout, now: Date): SignedEvent {
    const { order } = checkout;
    const event = {
      id: `evt_test_${createHash('sha256').update(`${checkout.id}:completed`).digest('hex').slice(0, 24)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(now.getTime() / 1000),
      livemode: false,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: checkout.id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_subtotal: order.item.amountPence,
          amount_total: order.item.amountPence,
          currency: 'gbp',
          customer_email: order.email,
          client_reference_id: order.orderId,
          metadata: { orderId: order.orderId, sessionId: order.sessionId },
        },
      },
    };
    const payload = JSON.stringify(event);
    // Signed now, by the real clock, as constructEvent checks the timestamp against it.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature };
  }
}

/** STRIPE_WEBHOOK_SECRET, or for the test provider one derived from SESSION_SECRET (never logged, never sent). */
export function webhookSigningSecret(config: Pick<AppConfig, 'stripe' | 'sessionSecret'>): string {
  if (config.stripe.webhookSecret) return config.stripe.webhookSecret;
  return `whsec_${createHmac('sha256', config.sessionSecret).update('test-payments-webhook').digest('base64url')}`;
}

/** Stripe when its key is set; otherwise, outside production only, the test provider. */
export function createPaymentsProvider(config: AppConfig, redis: Redis): PaymentsProvider {
  if (config.stripe.secretKey) return new StripePayments(config.stripe.secretKey, webhookSigningSecret(config));
  // loadConfig already refuses this; kept so no other path can ever put the test provider in production.
  if (config.isProduction) throw new Error('STRIPE_SECRET_KEY is required in production');
  return new TestPayments(redis, config.publicUrl, webhookSigningSecret(config));
}
