import { sanitiseFilename } from './filename.js';

const NOW = 1_700_000_000_000;

describe('sanitiseFilename', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitiseFilename('Lily at the beach.jpg', NOW)).toBe('Lily at the beach.jpg');
  });

  it('removes forbidden characters and control characters', () => {
    expect(sanitiseFilename('a<b>c:d"e|f?g*h\u0001.png', NOW)).toBe('abcdefgh.png');
  });

  it('defuses a path-traversal name into a plain one', () => {
    expect(sanitiseFilename('../../etc/passwd.jpg', NOW)).toBe('etcpasswd.jpg');
    expect(sanitiseFilename('..\\..\\boot.ini.png', NOW)).toBe('boot.ini.png');
  });

  it('trims leading and trailing dots and spaces', () => {
    expect(sanitiseFilename('  ..photo.jpg.. ', NOW)).toBe('photo.jpg');
  });

  it('caps a long name at 100 characters keeping the extension', () => {
    const result = sanitiseFilename(`${'a'.repeat(150)}.jpeg`, NOW);
    expect(result).toHaveLength(100);
    expect(result).toBe(`${'a'.repeat(95)}.jpeg`);
  });

  it('leaves a name of exactly 100 characters alone', () => {
    const name = `${'b'.repeat(96)}.png`;
    expect(sanitiseFilename(name, NOW)).toBe(name);
  });

  it('cuts a long name without an extension to 100 characters', () => {
    expect(sanitiseFilename('c'.repeat(120), NOW)).toBe('c'.repeat(100));
  });

  it('names an empty result upload_{timestamp}.jpg', () => {
    expect(sanitiseFilename('', NOW)).toBe('upload_1700000000000.jpg');
    expect(sanitiseFilename(' ../// . ', NOW)).toBe('upload_1700000000000.jpg');
  });
});
