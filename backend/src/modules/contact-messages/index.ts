// The contact-messages module's public surface: other modules import from here only.
export { ContactMessagesModule } from './contact-messages.module.js';
export { ContactMessagesService } from './contact-messages.service.js';
