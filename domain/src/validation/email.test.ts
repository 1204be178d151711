import { DISPOSABLE_EMAIL_DOMAINS, validateEmail } from './email.js';

describe('validateEmail', () => {
  it('accepts an ordinary address and answers it trimmed', () => {
    expect(validateEmail('  parent@example.co.uk ')).toEqual({ ok: true, value: 'parent@example.co.uk' });
  });

  it.each(['first.last+kids@sub.example.com', "o'neil@example.ie", 'x@e-mail.org'])('accepts %s', (email) => {
    expect(validateEmail(email).ok).toBe(true);
  });

  it('refuses an empty or blank address with "Email is required"', () => {
    expect(validateEmail('')).toEqual({ ok: false, message: 'Email is required' });
    expect(validateEmail('   ')).toEqual({ ok: false, message: 'Email is required' });
  });

  it('refuses 255 characters with "Email address is too long" and accepts 254', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(validateEmail(at254).ok).toBe(true);
    expect(validateEmail(`a${at254}`)).toEqual({ ok: false, message: 'Email address is too long' });
  });

  it.each([
    'parent',
    'parent@',
    '@example.com',
    'parent@example',
    'par ent@example.com',
    'a@b@example.com',
    'parent@example.c',
    'parent@-example.com',
  ])('refuses %p with "Please enter a valid email address"', (email) => {
    expect(validateEmail(email)).toEqual({ ok: false, message: 'Please enter a valid email address' });
  });

  it.each(DISPOSABLE_EMAIL_DOMAINS.map((d) => [d]))(
    'refuses the disposable domain %s with "Please use a permanent email address"',
    (domain) => {
      expect(validateEmail(`kid@${domain}`)).toEqual({ ok: false, message: 'Please use a permanent email address' });
    },
  );

  it('refuses a disposable domain whatever its case or subdomain, but not a lookalike', () => {
    expect(validateEmail('kid@MAILINATOR.com').ok).toBe(false);
    expect(validateEmail('kid@eu.mailinator.com').ok).toBe(false);
    expect(validateEmail('kid@notmailinator.com').ok).toBe(true);
  });

  it('names exactly five disposable domains', () => {
    expect(new Set(DISPOSABLE_EMAIL_DOMAINS).size).toBe(5);
  });
});
