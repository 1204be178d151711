// The contact module's public surface.
export { ContactModule } from './contact.module.js';
