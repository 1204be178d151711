// What the scene picker shows for a selection: bundle toggling, the display price, progress and unlock messages.
// The price here is only a display; the server's figure (OrderPrice) is the one that is charged.
import {
  CUSTOM_SCENE_PREFIX,
  formatPence,
  nextPackHint,
  priceForScenes,
  PROGRESS_MAX_PERCENT,
  PROGRESS_PERCENT_PER_SCENE,
  UNLOCK_THRESHOLDS,
  type OrderPrice,
} from '@colouring/domain';

export const customSceneKey = (id: string): string => `${CUSTOM_SCENE_PREFIX}${id}`;
export const isCustomSceneKey = (key: string): boolean => key.startsWith(CUSTOM_SCENE_PREFIX);

/** Choosing a bundle toggles all its scenes: off when every one is chosen, otherwise all on. */
export function toggleBundle(selected: readonly string[], bundleSceneIds: readonly string[]): string[] {
  const chosen = new Set(selected);
  const allChosen = bundleSceneIds.every((id) => chosen.has(id));
  if (allChosen) return selected.filter((id) => !bundleSceneIds.includes(id));
  return [...selected, ...bundleSceneIds.filter((id) => !chosen.has(id))];
}

export function bundleFullyChosen(selected: readonly string[], bundleSceneIds: readonly string[]): boolean {
  return bundleSceneIds.length > 0 && bundleSceneIds.every((id) => selected.includes(id));
}

/** 'Create Your Own Bundle' starts from nothing: the pre-made picks go; the parent's own scenes stay chosen. */
export function clearPremadeScenes(selected: readonly string[]): string[] {
  return selected.filter(isCustomSceneKey);
}

export function toggleScene(selected: readonly string[], id: string, on: boolean): string[] {
  const without = selected.filter((s) => s !== id);
  return on ? [...without, id] : without;
}

/** The fields of OrderPrice the bar shows. */
export type DisplayPrice = Omit<OrderPrice, 'nextPackHint'>;

export function progressPercent(sceneCount: number): number {
  return Math.min(PROGRESS_MAX_PERCENT, sceneCount * PROGRESS_PERCENT_PER_SCENE);
}

export function nextPackText(sceneCount: number): string | null {
  const hint = nextPackHint(sceneCount);
  if (!hint) return null;
  const scenes = `${hint.scenesToAdd} more scene${hint.scenesToAdd === 1 ? '' : 's'}`;
  if (hint.extraPence === 0) {
    return `Add ${scenes} at no extra cost to fill your ${hint.packName} Pack (${formatPence(hint.perSheetPence)} a page).`;
  }
  return `Add ${scenes} for the ${hint.packName} Pack: ${hint.sceneCount} pages at ${formatPence(hint.perSheetPence)} a page.`;
}

/** The highest unlock threshold reached (5, 10 or 20), or null. */
export function unlockedThreshold(sceneCount: number): number | null {
  return [...UNLOCK_THRESHOLDS].reverse().find((t) => sceneCount >= t) ?? null;
}

export function unlockMessage(threshold: number): string {
  const price = priceForScenes(threshold);
  return `${price.packName} Pack unlocked! ${threshold} pages for ${formatPence(price.pence)} – just ${formatPence(price.perSheetPence)} a page.`;
}
