import { validateFeaturedBundle } from './featured-bundle.js';

const good = { bundleName: 'Space', featuredText: 'Blast off this summer!', priority: 1 };

describe('validateFeaturedBundle', () => {
  it('accepts a named bundle with text and priority 1, trimmed', () => {
    expect(validateFeaturedBundle({ ...good, bundleName: ' Space ' })).toEqual({ ok: true, value: good });
  });

  it('reads a priority typed into a form field', () => {
    expect(validateFeaturedBundle({ ...good, priority: ' 3 ' })).toMatchObject({ ok: true, value: { priority: 3 } });
  });

  it('requires the bundle name and the featured text', () => {
    expect(validateFeaturedBundle({ ...good, bundleName: ' ', featuredText: '' })).toEqual({
      ok: false,
      errors: { bundleName: 'Bundle name is required', featuredText: 'Featured text is required' },
    });
  });

  it('keeps the featured text to one line of 120 characters', () => {
    expect(validateFeaturedBundle({ ...good, featuredText: 'a'.repeat(120) }).ok).toBe(true);
    expect(validateFeaturedBundle({ ...good, featuredText: 'a'.repeat(121) })).toEqual({
      ok: false,
      errors: { featuredText: 'Featured text must be 120 characters or less' },
    });
  });

  it.each([1, 999, '999'])('accepts the priority %p', (priority) => {
    expect(validateFeaturedBundle({ ...good, priority }).ok).toBe(true);
  });

  it.each([0, -1, 1.5, NaN, 1000, 2 ** 31, '', 'first', '2.5', '1e3'])('refuses the priority %p', (priority) => {
    expect(validateFeaturedBundle({ ...good, priority })).toEqual({
      ok: false,
      errors: { priority: 'Priority must be a whole number from 1 to 999' },
    });
  });
});
