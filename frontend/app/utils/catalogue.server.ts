import type { SceneCatalogueView } from '@colouring/domain';
import { remembered } from './remembered.server';

/**
 * The catalogue as the public pages (home, FAQ) show it: one API call per 30 s in this process rather than one per page
 * view. Their own Cache-Control lets browsers and shared caches keep the page for 5 minutes anyway, so the counts were
 * already allowed to be that old.
 */
export const catalogueForPublicPages = remembered<SceneCatalogueView>(30_000);
