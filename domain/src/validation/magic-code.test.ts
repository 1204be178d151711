import { isMagicCode, validateMagicCode } from './magic-code.js';

const CODE = '0123456789abcdef'.repeat(4);

describe('validateMagicCode', () => {
  it('accepts 64 lower-case hex characters', () => {
    expect(validateMagicCode(CODE)).toEqual({ ok: true, value: CODE });
  });

  it.each([
    ['63 characters', CODE.slice(1)],
    ['65 characters', `${CODE}0`],
    ['upper case', CODE.toUpperCase()],
    ['a non-hex letter', `g${CODE.slice(1)}`],
    ['surrounding spaces', ` ${CODE} `],
    ['nothing', ''],
  ])('refuses %s with "Magic code format is invalid."', (_, code) => {
    expect(validateMagicCode(code)).toEqual({ ok: false, message: 'Magic code format is invalid.' });
    expect(isMagicCode(code)).toBe(false);
  });
});
