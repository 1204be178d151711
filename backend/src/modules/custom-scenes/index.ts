// The custom-scenes module's public surface: other modules import from here only.
export { CustomScenesModule } from './custom-scenes.module.js';
export { CustomScenesService } from './custom-scenes.service.js';
