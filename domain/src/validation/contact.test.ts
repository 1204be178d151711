import { CONTACT_CATEGORIES, validateContact } from './contact.js';

const CODE = 'ab'.repeat(32);
const good = { email: 'parent@example.com', category: 'Feedback', message: 'Lovely pages, thank you!' };

describe('validateContact', () => {
  it('accepts a complete message without a magic code', () => {
    expect(validateContact(good)).toEqual({ ok: true, value: { ...good, magicCode: null } });
  });

  it.each(CONTACT_CATEGORIES.map((c) => [c]))('accepts the category %s', (category) => {
    expect(validateContact({ ...good, category }).ok).toBe(true);
  });

  it('trims the email and message and lower-cases a pasted magic code', () => {
    expect(validateContact({ ...good, email: ' parent@example.com ', message: '  Hi  ', magicCode: ` ${CODE.toUpperCase()} ` })).toEqual({
      ok: true,
      value: { ...good, message: 'Hi', magicCode: CODE },
    });
  });

  it('puts "Please fill in your email and message." on a missing email and a missing message', () => {
    expect(validateContact({ ...good, email: ' ', message: '' })).toEqual({
      ok: false,
      errors: { email: 'Please fill in your email and message.', message: 'Please fill in your email and message.' },
    });
  });

  it('gives a malformed email the email rule’s message', () => {
    expect(validateContact({ ...good, email: 'parent@' })).toEqual({ ok: false, errors: { email: 'Please enter a valid email address' } });
  });

  it('refuses a category outside the four with "Please choose a category."', () => {
    expect(validateContact({ ...good, category: 'Complaint' })).toEqual({ ok: false, errors: { category: 'Please choose a category.' } });
    expect(validateContact({ ...good, category: '' })).toEqual({ ok: false, errors: { category: 'Please choose a category.' } });
  });

  it('refuses a message over 5000 characters and accepts 5000', () => {
    expect(validateContact({ ...good, message: 'm'.repeat(5000) }).ok).toBe(true);
    expect(validateContact({ ...good, message: 'm'.repeat(5001) })).toEqual({
      ok: false,
      errors: { message: 'Message must be 5000 characters or less.' },
    });
  });

  it('refuses a magic code that is not 64 hex characters with "Magic code format is invalid."', () => {
    expect(validateContact({ ...good, magicCode: 'abc123' })).toEqual({
      ok: false,
      errors: { magicCode: 'Magic code format is invalid.' },
    });
  });

  it('treats an empty or null magic code as none', () => {
    expect(validateContact({ ...good, magicCode: '  ' })).toMatchObject({ ok: true, value: { magicCode: null } });
    expect(validateContact({ ...good, magicCode: null })).toMatchObject({ ok: true, value: { magicCode: null } });
  });
});
