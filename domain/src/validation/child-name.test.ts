import { validateChildName, validateDotToDotName } from './child-name.js';

const NOT_LETTERS = 'Child name can only contain letters, spaces, hyphens, and apostrophes';
const INVALID = 'Child name contains invalid characters';

describe('validateChildName', () => {
  it.each(['Lily', "Mary-Jane O'Brien", 'Zoë', 'José', 'Søren', 'Łucja', 'Nguyễn', '陽翔', 'Аня', 'N’Dour', 'Manuscript'])(
    'accepts the name %s',
    (name) => {
      expect(validateChildName(name)).toEqual({ ok: true, value: name });
    },
  );

  it('accepts a name whose accent is a combining mark', () => {
    expect(validateChildName('Zoe\u0308').ok).toBe(true);
  });

  it('collapses inner whitespace and trims the ends', () => {
    expect(validateChildName('  Lily \t  Rose\n ')).toEqual({ ok: true, value: 'Lily Rose' });
  });

  it('refuses an empty or blank name with "Child name is required"', () => {
    expect(validateChildName('')).toEqual({ ok: false, message: 'Child name is required' });
    expect(validateChildName(' \t ')).toEqual({ ok: false, message: 'Child name is required' });
  });

  it('refuses 51 letters with "Child name must be 50 characters or less" and accepts 50', () => {
    expect(validateChildName('a'.repeat(50)).ok).toBe(true);
    expect(validateChildName('a'.repeat(51))).toEqual({ ok: false, message: 'Child name must be 50 characters or less' });
  });

  it('counts length after collapsing whitespace', () => {
    expect(validateChildName(`${'a'.repeat(25)}     ${'b'.repeat(24)}`).ok).toBe(true);
  });

  it.each(['Lily2', 'Lily_Rose', 'Lily!', 'Lily.Rose', '😀 Lily', 'Lily (Rose)'])(`refuses %p with "${NOT_LETTERS}"`, (name) => {
    expect(validateChildName(name)).toEqual({ ok: false, message: NOT_LETTERS });
  });

  it.each([
    '<b>Lily</b>',
    'Lily"',
    'Lily`',
    'Tom & Jerry',
    'Lily onerror=x',
    'javascript: Lily',
    'Script Kid',
    'VBScript',
    'eval (x)',
    'alert(1)',
    '“Lily”',
  ])(`refuses the script-like or markup %p with "${INVALID}"`, (name) => {
    expect(validateChildName(name)).toEqual({ ok: false, message: INVALID });
  });

  it('names an injection attempt as invalid characters even when it is also too long and not letters', () => {
    expect(validateChildName(`<script>alert(1)</script>${'x'.repeat(60)}`)).toEqual({ ok: false, message: INVALID });
  });

  it('reports length before letters, so a long name with a digit hears it is too long', () => {
    expect(validateChildName(`${'a'.repeat(60)}1`)).toEqual({ ok: false, message: 'Child name must be 50 characters or less' });
  });
});

describe('validateDotToDotName', () => {
  it('refuses an empty name with "Please enter a valid name"', () => {
    expect(validateDotToDotName('  ')).toEqual({ ok: false, message: 'Please enter a valid name' });
  });

  it('keeps the specific message for a name that is present but wrong', () => {
    expect(validateDotToDotName('Lily2')).toEqual({ ok: false, message: NOT_LETTERS });
  });

  it('accepts and cleans a good name', () => {
    expect(validateDotToDotName(' Sam  Lee ')).toEqual({ ok: true, value: 'Sam Lee' });
  });
});
