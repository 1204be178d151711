import {
  dotToDotOrderPrice,
  photoOrderPrice,
  applyPercentDiscount,
  collectorSaving,
  DOT_TO_DOT_PENCE,
  formatPence,
  nextPackHint,
  orderPrice,
  priceForPhotos,
  priceForScenes,
  SINGLE_PHOTO_PENCE,
} from './pricing.js';

describe('priceForScenes', () => {
  it.each([
    [1, 'Starter', 199, 199],
    [5, 'Starter', 199, 40],
    [6, 'Adventure', 299, 50],
    [10, 'Adventure', 299, 30],
    [11, 'Explorer', 349, 32],
    [15, 'Explorer', 349, 23],
    [16, 'Ultimate', 399, 25],
    [20, 'Ultimate', 399, 20],
    [21, 'Mega', 499, 24],
    [30, 'Mega', 499, 17],
    [31, 'Jumbo', 549, 18],
    [40, 'Jumbo', 549, 14],
    [41, 'Collector', 614, 15],
    [60, 'Collector', 899, 15],
  ])('prices %i scenes as the %s pack at %ip, %ip per sheet', (count, packName, pence, perSheetPence) => {
    expect(priceForScenes(count)).toEqual({ packName, pence, perSheetPence });
  });

  it('gives no pack and 0 pence for 0 scenes', () => {
    expect(priceForScenes(0)).toEqual({ packName: null, pence: 0, perSheetPence: 0 });
  });

  it.each([-1, 2.5, NaN])('refuses the impossible scene count %p', (count) => {
    expect(() => priceForScenes(count)).toThrow(RangeError);
  });
});

describe('nextPackHint', () => {
  it('tells an empty basket that 5 scenes make a Starter pack at £0.40 a sheet', () => {
    expect(nextPackHint(0)).toEqual({ scenesToAdd: 5, packName: 'Starter', sceneCount: 5, perSheetPence: 40, extraPence: 199 });
  });

  it('tells 3 scenes that 2 more fill the Starter pack for nothing extra', () => {
    expect(nextPackHint(3)).toEqual({ scenesToAdd: 2, packName: 'Starter', sceneCount: 5, perSheetPence: 40, extraPence: 0 });
  });

  it('points a full Starter pack at the Adventure pack of 10, £1.00 more', () => {
    expect(nextPackHint(5)).toEqual({ scenesToAdd: 5, packName: 'Adventure', sceneCount: 10, perSheetPence: 30, extraPence: 100 });
  });

  it('points 20 scenes at the Mega pack of 30 rather than 25', () => {
    expect(nextPackHint(20)).toMatchObject({ scenesToAdd: 10, packName: 'Mega', sceneCount: 30, perSheetPence: 17 });
  });

  it('points 39 scenes at the Jumbo pack of 40', () => {
    expect(nextPackHint(39)).toMatchObject({ scenesToAdd: 1, packName: 'Jumbo', perSheetPence: 14, extraPence: 0 });
  });

  it.each([40, 41, 60])('gives no hint at %i scenes, past the last threshold', (count) => {
    expect(nextPackHint(count)).toBeNull();
  });
});

describe('collectorSaving', () => {
  it('compares 41 Collector scenes with the Starter per-sheet rate', () => {
    expect(collectorSaving(41)).toEqual({
      perSheetPence: 15,
      starterPerSheetPence: 40,
      savingPercent: 62,
      message: "Only £0.15 per sheet – 62% less than the Starter Pack's £0.40 per sheet",
    });
  });

  it.each([0, 5, 40])('has nothing to say below the Collector pack (%i scenes)', (count) => {
    expect(collectorSaving(count)).toBeNull();
  });
});

describe('priceForPhotos', () => {
  it.each([
    [1, 99, 99, 0, false],
    [2, 199, 100, 0, false],
    [3, 199, 66, 98, false],
    [4, 299, 75, 97, false],
    [5, 299, 60, 196, false],
    [6, 499, 83, 95, false],
    [10, 499, 50, 491, false],
    [11, 539, 49, 550, true],
    [25, 1099, 44, 1376, true],
  ])('prices %i photos at %ip (%ip each, saving %ip, large order %p)', (count, pence, perPhotoPence, savingsPence, largeOrder) => {
    expect(priceForPhotos(count)).toEqual({ pence, perPhotoPence, savingsPence, largeOrder });
  });

  it('never shows a negative saving: two photos cost 1p more than two singles, shown as 0', () => {
    expect(2 * SINGLE_PHOTO_PENCE - priceForPhotos(2).pence).toBe(-1);
    expect(priceForPhotos(2).savingsPence).toBe(0);
  });

  it('prices no photos at 0', () => {
    expect(priceForPhotos(0)).toEqual({ pence: 0, perPhotoPence: 0, savingsPence: 0, largeOrder: false });
  });
});

describe('applyPercentDiscount', () => {
  it('takes 25% off £3.99 rounding the discount to the nearest penny', () => {
    expect(applyPercentDiscount(399, 25)).toEqual({ discountPence: 100, totalPence: 299 });
  });

  it("rounds a half penny in the customer's favour (25% of £1.99 is 50p off)", () => {
    expect(applyPercentDiscount(199, 25)).toEqual({ discountPence: 50, totalPence: 149 });
  });

  it('floors the total at 0 when the discount is over 100%', () => {
    expect(applyPercentDiscount(199, 150)).toEqual({ discountPence: 199, totalPence: 0 });
  });

  it('leaves the subtotal alone at 0%', () => {
    expect(applyPercentDiscount(599, 0)).toEqual({ discountPence: 0, totalPence: 599 });
  });

  it('refuses a negative percent or a fractional subtotal', () => {
    expect(() => applyPercentDiscount(199, -5)).toThrow(RangeError);
    expect(() => applyPercentDiscount(1.5, 10)).toThrow(RangeError);
  });
});

describe('formatPence', () => {
  it.each([
    [199, '£1.99'],
    [0, '£0.00'],
    [5, '£0.05'],
    [DOT_TO_DOT_PENCE, '£1.49'],
    [123456, '£1,234.56'],
  ])('formats %i pence as %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('writes every amount as Intl writes pounds sterling in en-GB', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, -1, -199, -123456]) {
      expect(formatPence(pence)).toBe(gbp.format(pence / 100));
    }
  });

  it('refuses a fractional amount of pence', () => {
    expect(() => formatPence(1.5)).toThrow(RangeError);
  });
});

describe('orderPrice', () => {
  it('prices 5 scenes as the Starter pack at £1.99, 40p a sheet, with the hint towards Adventure', () => {
    expect(orderPrice(['a', 'b', 'c', 'd', 'e'], null)).toEqual({
      sceneCount: 5,
      packName: 'Starter',
      subtotalPence: 199,
      perSheetPence: 40,
      voucher: null,
      discountPence: 0,
      totalPence: 199,
      nextPackHint: { scenesToAdd: 5, packName: 'Adventure', sceneCount: 10, perSheetPence: 30, extraPence: 100 },
    });
  });

  it('counts a scene chosen twice once', () => {
    expect(orderPrice(['a', 'a', 'b'], null)).toMatchObject({ sceneCount: 2, subtotalPence: 199, perSheetPence: 100 });
  });

  it('takes a 25% voucher off the subtotal, the half penny in the parent’s favour', () => {
    expect(orderPrice(['a', 'b', 'c', 'd', 'e', 'f'], { code: 'SHARE-ABCD', percent: 25 })).toMatchObject({
      packName: 'Adventure',
      subtotalPence: 299,
      discountPence: 75,
      totalPence: 224,
      voucher: { code: 'SHARE-ABCD', percent: 25 },
    });
  });

  it('keeps only the code and percent of the voucher it was given', () => {
    const voucher = { code: 'SHARE-ABCD', percent: 25, usedAt: null, email: 'parent@example.com' };
    expect(orderPrice(['a'], voucher).voucher).toEqual({ code: 'SHARE-ABCD', percent: 25 });
  });

  it('never charges below zero, whatever the voucher', () => {
    expect(orderPrice(['a', 'b'], { code: 'ALL', percent: 150 })).toMatchObject({ subtotalPence: 199, discountPence: 199, totalPence: 0 });
  });

  it('prices the Collector pack at £5.99 plus 15p per scene over 40, with no hint left', () => {
    const scenes = Array.from({ length: 42 }, (_, i) => `scene-${i}`);
    expect(orderPrice(scenes, null)).toMatchObject({ packName: 'Collector', subtotalPence: 629, totalPence: 629, nextPackHint: null });
  });

  it('prices nothing chosen at £0.00 with no pack', () => {
    expect(orderPrice([], null)).toMatchObject({ sceneCount: 0, packName: null, subtotalPence: 0, totalPence: 0, perSheetPence: 0 });
  });
});

describe('photoOrderPrice', () => {
  it('is the tier for the count, with the per-photo price, the saving and the large-order flag, then the voucher', () => {
    expect(photoOrderPrice(11, null)).toEqual({
      photoCount: 11,
      perPhotoPence: 49,
      savingsPence: 11 * 99 - 539,
      largeOrder: true,
      subtotalPence: 539,
      voucher: null,
      discountPence: 0,
      totalPence: 539,
    });
    expect(photoOrderPrice(2, { code: 'SHARE25', percent: 25 })).toMatchObject({ subtotalPence: 199, discountPence: 50, totalPence: 149 });
  });
});

describe('dotToDotOrderPrice', () => {
  it('is £1.49, then the voucher', () => {
    expect(dotToDotOrderPrice(null)).toEqual({ subtotalPence: 149, voucher: null, discountPence: 0, totalPence: 149 });
    expect(dotToDotOrderPrice({ code: 'SHARE25', percent: 25 })).toMatchObject({ discountPence: 37, totalPence: 112 });
  });
});
