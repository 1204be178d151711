import { accept, formResult, refuse } from './result.js';

describe('validator results', () => {
  it('accepts a value and refuses with a message', () => {
    expect(accept('x')).toEqual({ ok: true, value: 'x' });
    expect(refuse('No')).toEqual({ ok: false, message: 'No' });
  });

  it('answers a form as ok only when no field has a message', () => {
    expect(formResult({ a: 1 }, {})).toEqual({ ok: true, value: { a: 1 } });
    expect(formResult({ a: 1 }, { a: 'Bad' })).toEqual({ ok: false, errors: { a: 'Bad' } });
  });
});
