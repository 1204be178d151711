import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PaymentEvent } from '../../infra/payments.js';
import { PaymentEventEntity } from './payment-event.entity.js';

/** The `payment_events` table: the only code that writes it. */
@Injectable()
export class PaymentEventsService {
  /**
   * In the webhook's transaction: records the event once; answers false when its id was already there (a duplicate
   * delivery or a replay), so the caller changes nothing more.
   */
  async recordOnce(
    manager: EntityManager,
    event: PaymentEvent,
    about: { sessionId: string | null; orderId: string | null },
  ): Promise<boolean> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(PaymentEventEntity)
      .values({ eventId: event.id, type: event.type, ...about })
      .orIgnore()
      .returning('event_id')
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }
}
