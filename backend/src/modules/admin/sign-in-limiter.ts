import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Clock } from '../../infra/clock.js';
import { REDIS } from '../../infra/redis.js';

/** The sign-in lockout (docs/decisions/026): failures counted per email and per client over a window, on the app's clock. */
export const SIGN_IN_LIMITS = {
  /** Failures counted over this window… */
  windowMs: 15 * 60_000,
  /** …lock one email after this many… */
  perEmail: 5,
  /** …and one client address after this many (whatever emails it tries). */
  perClient: 10,
  /** A lock lasts this long from the failure that set it. */
  lockMs: 15 * 60_000,
} as const;

// KEYS[1] failures (a sorted set of failure times), KEYS[2] the lock (its value: when it ends, in ms on the app's clock).
// ARGV: now, window, limit, lock length. Atomic, so racing wrong passwords cannot slip past the count.
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now, ARGV[1] .. ':' .. redis.call('INCR', KEYS[1] .. ':n'))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1] .. ':n', ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[4]), 'PX', ARGV[4])
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`;

/**
 * Redis holds the counts so every web process shares them. Times are the app's clock's (tests move it); Redis's own
 * expiry only tidies keys away and is never shorter than the window or the lock.
 */
@Injectable()
export class SignInLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until this email and this client may try again: 0 when neither is locked. */
  async lockedFor(email: string, client: string | null): Promise<number> {
    const now = this.clock.now().getTime();
    const ends = await this.redis.mget(this.lockKey('email', email), this.lockKey('client', client));
    return Math.max(0, ...ends.map((end) => (end === null ? 0 : Number(end) - now)));
  }

  /** Counts a wrong password; answers true when it locked the email or the client. */
  async recordFailure(email: string, client: string | null): Promise<boolean> {
    const now = this.clock.now().getTime();
    const { windowMs, perEmail, perClient, lockMs } = SIGN_IN_LIMITS;
    const results = await Promise.all([
      this.redis.eval(RECORD_FAILURE, 2, this.failuresKey('email', email), this.lockKey('email', email), now, windowMs, perEmail, lockMs),
      this.redis.eval(
        RECORD_FAILURE,
        2,
        this.failuresKey('client', client),
        this.lockKey('client', client),
        now,
        windowMs,
        perClient,
        lockMs,
      ),
    ]);
    return results.some((locked) => locked === 1);
  }

  /** A right password forgets this email's failures (not the client's: one right email does not clear a sweep). */
  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.failuresKey('email', email));
  }

  private failuresKey(kind: 'email' | 'client', value: string | null): string {
    return `admin-sign-in:${kind}:${value ?? 'unknown'}:failures`;
  }

  private lockKey(kind: 'email' | 'client', value: string | null): string {
    return `admin-sign-in:${kind}:${value ?? 'unknown'}:lock`;
  }
}
