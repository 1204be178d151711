// The email module's public surface: other modules import from here only.
export { EmailModule } from './email.module.js';
export { EmailService, type OrderToEmail } from './email.service.js';
export { EmailWorkerModule } from './email-worker.module.js';
