// The orders module's public surface: other modules import from here only.
export { OrdersModule } from './orders.module.js';
export { OrdersWorkerModule } from './orders-worker.module.js';
export { SessionExpiryService, type ExpiryResult } from './session-expiry.service.js';
export { PdfRetryModule } from './pdf-retry.module.js';
export { PdfRetryService, type PdfRetryOutcome } from './pdf-retry.service.js';
