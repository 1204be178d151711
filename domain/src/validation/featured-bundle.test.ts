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

  it.each([0, -1, 1.5, NaN, '', 'first', '2.5'])('refuses the priority %p', (priority) => {
    expect(validateFeaturedBundle({ ...good, priority })).toEqual({
      ok: false,
      errors: { priority: 'Priority must be a whole number of 1 or more' },
    });
  });
});
