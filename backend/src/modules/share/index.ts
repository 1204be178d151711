// The share module's public surface: other modules import from here only.
export { ShareModule } from './share.module.js';
