import { validateCustomScene } from './custom-scene.js';

describe('validateCustomScene', () => {
  it('accepts a title and description and answers them trimmed', () => {
    expect(validateCustomScene({ title: ' Moon party ', description: ' Lily flying a rocket to the moon ' })).toEqual({
      ok: true,
      value: { title: 'Moon party', description: 'Lily flying a rocket to the moon' },
    });
  });

  it('puts "Please fill in both title and description" on each empty field', () => {
    expect(validateCustomScene({ title: ' ', description: '' })).toEqual({
      ok: false,
      errors: { title: 'Please fill in both title and description', description: 'Please fill in both title and description' },
    });
    expect(validateCustomScene({ title: 'Moon', description: '' })).toEqual({
      ok: false,
      errors: { description: 'Please fill in both title and description' },
    });
  });

  it('refuses a 51-character title with "Title must be 50 characters or less" and accepts 50', () => {
    expect(validateCustomScene({ title: 't'.repeat(50), description: 'ok' }).ok).toBe(true);
    expect(validateCustomScene({ title: 't'.repeat(51), description: 'ok' })).toEqual({
      ok: false,
      errors: { title: 'Title must be 50 characters or less' },
    });
  });

  it('refuses a 301-character description with "Description must be 300 characters or less" and accepts 300', () => {
    expect(validateCustomScene({ title: 'ok', description: 'd'.repeat(300) }).ok).toBe(true);
    expect(validateCustomScene({ title: 'ok', description: 'd'.repeat(301) })).toEqual({
      ok: false,
      errors: { description: 'Description must be 300 characters or less' },
    });
  });
});
