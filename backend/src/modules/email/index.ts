// The email module's public surface: other modules import from here only.
export { EmailModule } from './email.module.js';
export { EmailService, FINAL_EMAIL_TEMPLATE, type OrderToEmail } from './email.service.js';
export { EmailWorkerModule } from './email-worker.module.js';
