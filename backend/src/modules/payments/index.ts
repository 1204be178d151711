// The payments module's public surface: other modules import from here only.
export { PaymentEventsService } from './payment-events.service.js';
export { PaymentsModule } from './payments.module.js';
