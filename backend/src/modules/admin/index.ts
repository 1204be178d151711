// The admin module's public surface: the app imports it from here only.
export { AdminModule } from './admin.module.js';
