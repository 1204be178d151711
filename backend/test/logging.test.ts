import { QueryFailedError } from 'typeorm';
import { loggableError, loggableUrl } from '../src/common/logging.js';

describe('log lines', () => {
  it('never carry a magic code or a query string', () => {
    const code = 'a1'.repeat(32);
    expect(loggableUrl(`/api/sessions/${code}/preview?session_id=${code}&email=x@y.z`)).toBe('/api/sessions/[code]/preview');
  });

  it('never carry a database error’s query parameters, its driver’s copy or any 64-hex run', () => {
    const code = 'b2'.repeat(32);
    const driverError = Object.assign(new Error(`duplicate key value violates unique constraint near "${code}"`), {
      detail: `Key (magic_code)=(${code}) already exists.`,
      code: '23505',
    });
    const error = new QueryFailedError('SELECT id FROM sessions WHERE magic_code = $1', [code, 'parent@example.com'], driverError);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('duplicate key value violates unique constraint');
    expect(logged).toContain('SELECT id FROM sessions WHERE magic_code = $1');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('parent@example.com');
    expect(logged).not.toContain('"parameters"');
    // Wrapped as the cause of another error, too.
    expect(JSON.stringify(loggableError(new Error('lookup failed', { cause: error })))).not.toMatch(/[0-9a-f]{64}|parent@example/);
  });
});
