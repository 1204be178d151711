import { applyPercentDiscount, nextPackHint, priceForScenes, type NextPackHint, type ScenePackName } from '@colouring/domain';
import type { VoucherDiscount } from '../vouchers/vouchers.service.js';

/** The contract's OrderPrice: what the parent pays for a scene selection, in pence. */
export interface OrderPrice {
  sceneCount: number;
  /** null when nothing is selected. */
  packName: ScenePackName | null;
  subtotalPence: number;
  perSheetPence: number;
  voucher: { code: string; percent: number } | null;
  discountPence: number;
  totalPence: number;
  nextPackHint: NextPackHint | null;
}

/**
 * The server's price for a selection and a voucher already checked: the one function behind the live price,
 * the checkout summary, the card provider's line item and the webhook's amount check. A scene chosen twice counts once.
 */
export function orderPrice(selectedScenes: readonly string[], voucher: VoucherDiscount | null): OrderPrice {
  const sceneCount = new Set(selectedScenes).size;
  const scenes = priceForScenes(sceneCount);
  const { discountPence, totalPence } = applyPercentDiscount(scenes.pence, voucher?.percent ?? 0);
  return {
    sceneCount,
    packName: scenes.packName,
    subtotalPence: scenes.pence,
    perSheetPence: scenes.perSheetPence,
    voucher: voucher ? { code: voucher.code, percent: voucher.percent } : null,
    discountPence,
    totalPence,
    nextPackHint: nextPackHint(sceneCount),
  };
}
