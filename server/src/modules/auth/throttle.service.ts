import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../../config';
import { dialectOf, type Db, type Dialect } from '../../db/database';
import type { ErrorCode } from '@shared/api/error-codes';
import { DomainError } from '../../domain/domain-error';
import { sha256Hex } from '../../lib/secrets';

const TABLE = 'rate_limits';
const HOUR_SEC = 3600;
/** Expired counters are deleted once per this many consumptions, so the table stays as small as the live windows. */
const SWEEP_EVERY = 1000;

/**
 * rate-limiter-flexible's stores consume with one atomic upsert (`INSERT … ON CONFLICT … RETURNING`): on PostgreSQL
 * every server instance shares the counters; on SQLite, which the demo runs in one process by design, the single
 * connection serialises them. Both keep counters across restarts, in the table migration 0005 creates.
 */
const STORES = {
  postgres: RateLimiterPostgres,
  sqlite: RateLimiterSQLite,
} satisfies Record<Dialect['name'], new (options: ConstructorParameters<typeof RateLimiterPostgres>[0]) => unknown>;

export type ThrottleSettings = Pick<
  Config,
  | 'loginMaxFailuresPerPair'
  | 'loginMaxFailuresPerAccount'
  | 'loginMaxFailuresPerAddress'
  | 'throttleWindowSec'
  | 'registrationsPerAddressPerHour'
  | 'resetRequestsPerAddressPerHour'
  | 'resetRequestsPerAccountPerHour'
>;

/** A sign-in attempt that was counted before its password was checked. */
export interface SignInAttempt {
  /** Gives the points back: a right password is not a failure. */
  succeeded(): Promise<void>;
}

export interface Throttle {
  /**
   * Counts a sign-in before the password hash runs, and refuses it with AUTH_THROTTLED once the pair (account and
   * address), the address or the account has spent its window. Counting first and atomically means a burst can
   * never evaluate more passwords than the limit, however many requests arrive at once.
   */
  signIn(email: string, address: string): Promise<SignInAttempt>;
  registration(address: string): Promise<void>;
  resetRequest(email: string, address: string): Promise<void>;
  /** After a successful password reset: the owner may sign in again from where they reset it. */
  passwordReset(email: string, address: string): Promise<void>;
}

/**
 * Counters in the database shared by every instance, consumed atomically: `consume` refuses with `code` and the
 * seconds to wait once a key has spent its points for the window.
 */
export function createRateLimits(db: Db) {
  const Store = STORES[dialectOf(db).name];
  let consumed = 0;

  async function sweep(): Promise<void> {
    await db(TABLE).where('expire', '<', Date.now()).delete();
  }

  return {
    limiter: (keyPrefix: string, points: number, duration: number): RateLimiterStoreAbstract =>
      new Store({
        storeClient: db,
        storeType: 'knex',
        tableName: TABLE,
        tableCreated: true,
        // Its timer would outlive a closed pool; sweep() below does the same work on the request path.
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration,
      }),

    async consume(target: RateLimiterStoreAbstract, key: string, code: ErrorCode): Promise<void> {
      consumed += 1;
      if (consumed % SWEEP_EVERY === 0) await sweep();
      try {
        await target.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw new DomainError(code, undefined, { retryAfterSec: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
      }
    },
  };
}

export function createThrottle(db: Db, settings: ThrottleSettings): Throttle {
  const limits = createRateLimits(db);
  const limiter = limits.limiter;
  const consume = (target: RateLimiterStoreAbstract, key: string) => limits.consume(target, key, 'AUTH_THROTTLED');

  const window = settings.throttleWindowSec;
  const signInByPair = limiter('login-pair', settings.loginMaxFailuresPerPair, window);
  const signInByAddress = limiter('login-address', settings.loginMaxFailuresPerAddress, window);
  const signInByAccount = limiter('login-account', settings.loginMaxFailuresPerAccount, window);
  const registrationByAddress = limiter('register-address', settings.registrationsPerAddressPerHour, HOUR_SEC);
  const resetByAddress = limiter('reset-address', settings.resetRequestsPerAddressPerHour, HOUR_SEC);
  const resetByAccount = limiter('reset-account', settings.resetRequestsPerAccountPerHour, HOUR_SEC);

  // Keys are hashed: the table holds no e-mail addresses or client addresses, and every key fits its column.
  const accountKey = (email: string) => sha256Hex(email.toLowerCase());
  const addressKey = (address: string) => sha256Hex(address);
  const pairKey = (email: string, address: string) => sha256Hex(`${email.toLowerCase()}\n${address}`);

  return {
    async signIn(email, address) {
      const keys = [
        [signInByPair, pairKey(email, address)],
        [signInByAddress, addressKey(address)],
        [signInByAccount, accountKey(email)],
      ] as const;
      // Tightest first: an attempt the pair refuses never reaches the account's count, so a stranger's burst
      // from one address spends that pair and leaves the owner's budget almost whole.
      for (const [target, key] of keys) await consume(target, key);
      return {
        async succeeded() {
          for (const [target, key] of keys) await target.reward(key, 1);
        },
      };
    },

    async registration(address) {
      await consume(registrationByAddress, addressKey(address));
    },

    async resetRequest(email, address) {
      await consume(resetByAddress, addressKey(address));
      await consume(resetByAccount, accountKey(email));
    },

    async passwordReset(email, address) {
      await signInByAccount.delete(accountKey(email));
      await signInByPair.delete(pairKey(email, address));
    },
  };
}
