import * as validation from './index.js';

describe('validation entry point', () => {
  it.each([
    'validateChildName',
    'validateDotToDotName',
    'validateContact',
    'validateCustomScene',
    'validateEmail',
    'validateFeaturedBundle',
    'sanitiseFilename',
    'validateMagicCode',
    'checkPhotoFile',
    'checkPhotoDimensions',
    'validatePhotoFile',
    'checkImageDataUrl',
    'normaliseVoucherCode',
    'checkVoucher',
    'checkShareVerification',
  ])('exports the rule %s', (name) => {
    expect(typeof (validation as Record<string, unknown>)[name]).toBe('function');
  });
});
