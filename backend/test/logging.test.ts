import { loggableUrl } from '../src/common/logging.js';

describe('log lines', () => {
  it('never carry a magic code or a query string', () => {
    const code = 'a1'.repeat(32);
    expect(loggableUrl(`/api/sessions/${code}/preview?session_id=${code}&email=x@y.z`)).toBe('/api/sessions/[code]/preview');
  });
});
