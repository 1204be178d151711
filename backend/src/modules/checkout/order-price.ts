import { applyPercentDiscount, nextPackHint, priceForScenes, type OrderPrice } from '@colouring/domain';
import type { VoucherDiscount } from '../vouchers/vouchers.service.js';

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
