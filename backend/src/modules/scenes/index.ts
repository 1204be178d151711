// The scenes module's public surface: other modules import from here only.
export { ScenesModule } from './scenes.module.js';
export { ScenesService } from './scenes.service.js';
export { FeaturedBundlesService, type FeaturedBundleChange } from './featured-bundles.service.js';
