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
/**
 * Past the per-account limit an account admits one attempt per slot instead of refusing every attempt, so that a
 * stranger spraying from many addresses cannot lock the owner out; the slot doubles with each further limit's
 * worth of failures, up to the longest.
 */
const SLOW_SLOTS_SEC = [1, 2, 4, 8, 16] as const;
/** An attempt waits this long at most for its slot; beyond it, it is refused with the time to wait. */
const SLOW_MAX_WAIT_MS = 20_000;
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
   * address) or the address has spent its window; past the account's limit, attempts wait for the account's next
   * slot instead. Counting first and atomically means a burst can never evaluate more passwords than the limits
   * and slots allow, however many requests arrive at once.
   */
  signIn(email: string, address: string): Promise<SignInAttempt>;
  registration(address: string): Promise<void>;
  /** A reset link or a verification mail asked for: each floods a mailbox if unlimited. */
  resetRequest(email: string, address: string): Promise<void>;
  verificationResend(email: string, address: string): Promise<void>;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes the next free slot of a one-point limiter, waiting for it (each instance retries when the current slot
 * ends, and the atomic consume decides who gets it); refuses when the wait would pass `maxWaitMs`.
 */
async function waitForSlot(target: RateLimiterStoreAbstract, key: string, maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    try {
      await target.consume(key);
      return;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      if (Date.now() + error.msBeforeNext > deadline) {
        const retryAfterSec = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new DomainError('AUTH_THROTTLED', undefined, { retryAfterSec });
      }
      await sleep(Math.max(1, error.msBeforeNext));
    }
  }
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
  const resendByAddress = limiter('verify-resend-address', settings.resetRequestsPerAddressPerHour, HOUR_SEC);
  const resendByAccount = limiter('verify-resend-account', settings.resetRequestsPerAccountPerHour, HOUR_SEC);
  const signInSlots = SLOW_SLOTS_SEC.map((slotSec) => limiter(`login-account-slot-${slotSec}`, 1, slotSec));

  // Keys are hashed: the table holds no e-mail addresses or client addresses, and every key fits its column.
  const accountKey = (email: string) => sha256Hex(email.toLowerCase());
  const addressKey = (address: string) => sha256Hex(address);
  const pairKey = (email: string, address: string) => sha256Hex(`${email.toLowerCase()}\n${address}`);

  /** Counts an attempt on the account; past its limit, holds the attempt until the account's next slot. */
  async function consumeAccount(email: string): Promise<void> {
    const key = accountKey(email);
    try {
      await signInByAccount.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const limit = settings.loginMaxFailuresPerAccount;
      const tier = Math.min(Math.floor((error.consumedPoints - limit - 1) / limit), signInSlots.length - 1);
      await waitForSlot(signInSlots[Math.max(0, tier)] as RateLimiterStoreAbstract, key, SLOW_MAX_WAIT_MS);
    }
  }

  return {
    async signIn(email, address) {
      const keys = [
        [signInByPair, pairKey(email, address)],
        [signInByAddress, addressKey(address)],
        [signInByAccount, accountKey(email)],
      ] as const;
      // Tightest first: an attempt the pair refuses never reaches the account's count, so a stranger's burst
      // from one address spends that pair and leaves the owner's budget almost whole.
      await consume(signInByPair, pairKey(email, address));
      await consume(signInByAddress, addressKey(address));
      await consumeAccount(email);
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

    async verificationResend(email, address) {
      await consume(resendByAddress, addressKey(address));
      await consume(resendByAccount, accountKey(email));
    },

    async passwordReset(email, address) {
      await signInByAccount.delete(accountKey(email));
      await signInByPair.delete(pairKey(email, address));
    },
  };
}
