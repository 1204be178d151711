// Prices of SPEC §9. Every amount is an integer number of pence; only formatPence turns it into text.

export type ScenePackName = 'Starter' | 'Adventure' | 'Explorer' | 'Ultimate' | 'Mega' | 'Jumbo' | 'Collector';

export interface ScenePack {
  readonly name: ScenePackName;
  /** Most scenes the pack holds at its base price; null for Collector, which grows per scene. */
  readonly maxScenes: number | null;
  readonly pence: number;
}

/** The seven scene packs, smallest first. */
export const SCENE_PACKS: readonly ScenePack[] = [
  { name: 'Starter', maxScenes: 5, pence: 199 },
  { name: 'Adventure', maxScenes: 10, pence: 299 },
  { name: 'Explorer', maxScenes: 15, pence: 349 },
  { name: 'Ultimate', maxScenes: 20, pence: 399 },
  { name: 'Mega', maxScenes: 30, pence: 499 },
  { name: 'Jumbo', maxScenes: 40, pence: 549 },
  { name: 'Collector', maxScenes: null, pence: 599 },
];

/** Collector adds this much for each scene over COLLECTOR_BASE_SCENES. */
export const COLLECTOR_PENCE_PER_EXTRA_SCENE = 15;
export const COLLECTOR_BASE_SCENES = 40;
/** Scene counts at which a pack is full: the next-pack hints aim at these. */
export const NEXT_PACK_THRESHOLDS = [5, 10, 15, 20, 30, 40] as const;

export const SINGLE_PHOTO_PENCE = 99;
export const DOT_TO_DOT_PENCE = 149;
/** Above this many photos the order is large: £0.40 per extra photo and a warning. */
export const LARGE_PHOTO_ORDER_ABOVE = 10;
export const PHOTO_PENCE_PER_EXTRA = 40;

export interface ScenePrice {
  /** null when nothing is selected. */
  readonly packName: ScenePackName | null;
  readonly pence: number;
  /** Price per sheet rounded to the nearest penny; 0 when nothing is selected. */
  readonly perSheetPence: number;
}

function requireCount(count: number, what: string): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`${what} must be a whole number of 0 or more, got ${count}`);
}

/** Price of a scene selection. 0 scenes is no pack at 0 pence, so an empty basket shows £0.00 rather than failing. */
export function priceForScenes(count: number): ScenePrice {
  requireCount(count, 'Scene count');
  if (count === 0) return { packName: null, pence: 0, perSheetPence: 0 };
  const pack = SCENE_PACKS.find((p) => p.maxScenes === null || count <= p.maxScenes)!;
  const extra = pack.maxScenes === null ? (count - COLLECTOR_BASE_SCENES) * COLLECTOR_PENCE_PER_EXTRA_SCENE : 0;
  const pence = pack.pence + extra;
  return { packName: pack.name, pence, perSheetPence: Math.round(pence / count) };
}

export interface NextPackHint {
  /** Scenes to add to reach the next full pack. */
  readonly scenesToAdd: number;
  readonly packName: ScenePackName;
  /** Scene count of that full pack. */
  readonly sceneCount: number;
  readonly perSheetPence: number;
  /** What the extra scenes cost on top of today's price (0 while the current pack has room). */
  readonly extraPence: number;
}

/** Hint towards the next full pack ("add 2 more scenes: Starter at £0.40 a sheet"); null once past 40 scenes. */
export function nextPackHint(count: number): NextPackHint | null {
  requireCount(count, 'Scene count');
  const sceneCount = NEXT_PACK_THRESHOLDS.find((t) => t > count);
  if (sceneCount === undefined) return null;
  const target = priceForScenes(sceneCount);
  return {
    scenesToAdd: sceneCount - count,
    packName: target.packName!,
    sceneCount,
    perSheetPence: target.perSheetPence,
    extraPence: target.pence - priceForScenes(count).pence,
  };
}

export interface CollectorSaving {
  readonly perSheetPence: number;
  readonly starterPerSheetPence: number;
  /** Whole percent saved per sheet against the Starter rate. */
  readonly savingPercent: number;
  readonly message: string;
}

/** The Collector pack's saving against the Starter per-sheet rate; null for any other pack. */
export function collectorSaving(count: number): CollectorSaving | null {
  const price = priceForScenes(count);
  if (price.packName !== 'Collector') return null;
  const starter = SCENE_PACKS[0];
  const starterExact = starter.pence / starter.maxScenes!;
  const savingPercent = Math.round((1 - price.pence / count / starterExact) * 100);
  const starterPerSheetPence = Math.round(starterExact);
  return {
    perSheetPence: price.perSheetPence,
    starterPerSheetPence,
    savingPercent,
    message:
      `Only ${formatPence(price.perSheetPence)} per sheet – ${savingPercent}% less than the ` +
      `Starter Pack's ${formatPence(starterPerSheetPence)} per sheet`,
  };
}

export interface PhotoPrice {
  readonly pence: number;
  /** Average per photo, nearest penny; 0 for no photos. */
  readonly perPhotoPence: number;
  /** count × £0.99 minus the total, never below 0 (two photos would otherwise "save" -1p). */
  readonly savingsPence: number;
  /** More than 10 photos: the page warns about a large order. */
  readonly largeOrder: boolean;
}

const PHOTO_TIERS: readonly { maxPhotos: number; pence: number }[] = [
  { maxPhotos: 0, pence: 0 },
  { maxPhotos: 1, pence: 99 },
  { maxPhotos: 3, pence: 199 },
  { maxPhotos: 5, pence: 299 },
  { maxPhotos: LARGE_PHOTO_ORDER_ABOVE, pence: 499 },
];

/** Price of a single-photo order by number of photos. */
export function priceForPhotos(count: number): PhotoPrice {
  requireCount(count, 'Photo count');
  const tier = PHOTO_TIERS.find((t) => count <= t.maxPhotos);
  const pence = tier ? tier.pence : PHOTO_TIERS[PHOTO_TIERS.length - 1].pence + (count - LARGE_PHOTO_ORDER_ABOVE) * PHOTO_PENCE_PER_EXTRA;
  return {
    pence,
    perPhotoPence: count === 0 ? 0 : Math.round(pence / count),
    savingsPence: Math.max(0, count * SINGLE_PHOTO_PENCE - pence),
    largeOrder: count > LARGE_PHOTO_ORDER_ABOVE,
  };
}

export interface DiscountedPrice {
  readonly discountPence: number;
  readonly totalPence: number;
}

/**
 * Takes percent off a subtotal. The discount is rounded to the nearest penny, halves in the
 * customer's favour (25% of £1.99 = 49.75p → 50p off); the total never drops below 0.
 */
export function applyPercentDiscount(subtotalPence: number, percent: number): DiscountedPrice {
  requireCount(subtotalPence, 'Subtotal');
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Discount percent must be 0 or more, got ${percent}`);
  const discountPence = Math.min(subtotalPence, Math.round((subtotalPence * percent) / 100));
  return { discountPence, totalPence: subtotalPence - discountPence };
}

/**
 * The one money formatter: 199 → '£1.99', 123456 → '£1,234.56', as `Intl.NumberFormat('en-GB', GBP)` writes them.
 * Written out rather than through Intl: building that formatter loads the browser's currency data, a long task on a
 * phone (70 ms or more at Lighthouse's slowdown) on every page that shows a price.
 */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`Pence must be a whole number, got ${pence}`);
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${pence < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** What the parent pays for a scene selection, in pence: the server computes it (the API's OrderPrice); pages show it. */
export interface OrderPrice extends PriceTotals {
  sceneCount: number;
  /** null when nothing is selected. */
  packName: ScenePackName | null;
  perSheetPence: number;
  nextPackHint: NextPackHint | null;
}

/** What every product's price ends in: the subtotal, the voucher applied and the total charged, in pence. */
export interface PriceTotals {
  subtotalPence: number;
  voucher: { code: string; percent: number } | null;
  discountPence: number;
  totalPence: number;
}

function totals(subtotalPence: number, voucher: { code: string; percent: number } | null): PriceTotals {
  const { discountPence, totalPence } = applyPercentDiscount(subtotalPence, voucher?.percent ?? 0);
  return { subtotalPence, voucher: voucher ? { code: voucher.code, percent: voucher.percent } : null, discountPence, totalPence };
}

/** A single-photo order's price: the tier for its photo count (SPEC §9), then the voucher. */
export interface PhotoOrderPrice extends PriceTotals {
  photoCount: number;
  perPhotoPence: number;
  savingsPence: number;
  largeOrder: boolean;
}

export function photoOrderPrice(photoCount: number, voucher: { code: string; percent: number } | null): PhotoOrderPrice {
  const tier = priceForPhotos(photoCount);
  return {
    photoCount,
    perPhotoPence: tier.perPhotoPence,
    savingsPence: tier.savingsPence,
    largeOrder: tier.largeOrder,
    ...totals(tier.pence, voucher),
  };
}

/** The dot-to-dot book's price: £1.49, then the voucher. */
export function dotToDotOrderPrice(voucher: { code: string; percent: number } | null): PriceTotals {
  return totals(DOT_TO_DOT_PENCE, voucher);
}

/**
 * The server's price for a selection and a voucher already checked: the one function behind the live price, the
 * checkout summary, the card provider's line item and the webhook's amount check. A scene chosen twice counts once.
 */
export function orderPrice(selectedScenes: readonly string[], voucher: { code: string; percent: number } | null): OrderPrice {
  const sceneCount = new Set(selectedScenes).size;
  const scenes = priceForScenes(sceneCount);
  return {
    sceneCount,
    packName: scenes.packName,
    perSheetPence: scenes.perSheetPence,
    ...totals(scenes.pence, voucher),
    nextPackHint: nextPackHint(sceneCount),
  };
}
