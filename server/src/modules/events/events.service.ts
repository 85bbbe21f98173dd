import type { Knex } from 'knex';
import {
  ADMIN_ONLY_EVENTS,
  OPERATIONS_EVENTS,
  type DeliveredEvent,
  type LiveEvent,
  type LiveEventType,
} from '@shared/api/events.types';
import { isAdminRole, type Role } from '@shared/domain/roles';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { deleteEventsBefore, eventsAfter, insertEvent, type Audience, type StoredEvent } from './events.store';

/** The notifier channel every instance listens on; each payload is one stored event. */
export const EVENTS_CHANNEL = 'parley_events';
/** A reconnecting stream replays at most this many missed events; older ones are beyond the window anyway. */
const REPLAY_LIMIT = 500;
/** A superadmin's stream hears that the platform's operations moved at most this often. */
export const PLATFORM_NOTICE_MS = 1000;

export interface EventSubscriber {
  tenantId: string;
  /**
   * The subscriber's role as of now, looked up before every delivery through the principal cache; null once its
   * session or key no longer stands, which ends the stream.
   */
  currentRole(): Promise<Role | null>;
  send(event: DeliveredEvent): void;
  /** Ends the stream: its caller was signed out, revoked or removed. */
  end(): void;
}

/** An event on its way to a stream, with who may see it. */
interface Pending {
  event: DeliveredEvent;
  audience: Audience;
}

export type EventsService = ReturnType<typeof createEventsService>;

/** Told of every event in the transaction that publishes it (the webhooks send theirs from it). */
export type PublishListener = (tenantId: string, event: LiveEvent, trx: Knex.Transaction) => Promise<void>;

function visibleTo(role: Role, audience: Audience): boolean {
  return audience === 'all' || isAdminRole(role);
}

function delivered(event: StoredEvent): DeliveredEvent {
  return { id: event.seq, type: event.type, data: event.data, at: event.at } as DeliveredEvent;
}

function isStoredEvent(payload: unknown): payload is StoredEvent {
  const event = payload as Partial<StoredEvent> | null;
  return typeof event?.seq === 'string' && typeof event.tenantId === 'string' && typeof event.type === 'string';
}

/**
 * Live events: published once by the service that causes them, logged (for replay) and sent over the database's
 * notifier, so that every instance hands them to its own connected streams of that tenant, filtered by role.
 */
export function createEventsService(deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'config' | 'notifier'>) {
  let listening: Promise<unknown> | null = null;

  /** The streams of a tenant on this instance, each taking every event of its tenant; it filters by role itself. */
  const subscribers = new Map<string, Set<(pending: Pending) => void>>();
  /** Superadmins' streams on this instance, told when any tenant's dialer moves. */
  const platformWatchers = new Set<() => void>();
  const publishListeners: PublishListener[] = [];

  function fanOut(payload: unknown): void {
    if (!isStoredEvent(payload)) return;
    const pending = { event: delivered(payload), audience: payload.audience };
    for (const take of subscribers.get(payload.tenantId) ?? []) take(pending);
    if (OPERATIONS_EVENTS.has(payload.type as LiveEventType)) for (const watch of platformWatchers) watch();
  }

  /**
   * Calls `notify` on the first call and then at most once per {@link PLATFORM_NOTICE_MS}: calls in between are
   * folded into one at the end of the pause, so the last change is never missed.
   */
  function throttled(notify: () => void): { call: () => void; cancel: () => void } {
    let timer: NodeJS.Timeout | null = null;
    let calledMeanwhile = false;
    const pause = () => {
      timer = setTimeout(() => {
        timer = null;
        if (!calledMeanwhile) return;
        calledMeanwhile = false;
        notify();
        pause();
      }, PLATFORM_NOTICE_MS);
    };
    return {
      call() {
        if (timer) calledMeanwhile = true;
        else {
          notify();
          pause();
        }
      },
      cancel: () => timer && clearTimeout(timer),
    };
  }

  /** This instance listens once its first stream connects; a workers-only process only publishes. */
  function listen(): Promise<unknown> {
    listening ??= deps.notifier.subscribe(EVENTS_CHANNEL, fanOut).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  return {
    /**
     * Publishes an event to the tenant's streams on every instance. Given the transaction that causes it, the event
     * is logged in it and sent only if it commits.
     *
     * A stream's position is its last event's number, so a tenant's events must become visible in number order: if
     * number 11 committed before 10, a stream would be sent 11 live, then skip 10 as already passed (and a replay
     * after 11 would never look at 10). So the number is drawn by locking the tenant's counter until the transaction
     * ends: the tenant's next event cannot be numbered before the previous one has committed or rolled back. This
     * orders only one tenant's publishing transactions, from their publish to their end (publish last in them), and
     * keeps both the live path and the replay query (`seq > Last-Event-ID`) exact without a commit-ordered column.
     */
    async publish(tenantId: string, event: LiveEvent, trx?: Knex.Transaction): Promise<void> {
      const audience: Audience = ADMIN_ONLY_EVENTS.has(event.type) ? 'admin' : 'all';
      const at = isoNow(deps.clock);
      const logAndSend = async (transaction: Knex.Transaction) => {
        const seq = await insertEvent(transaction, { tenantId, type: event.type, audience, data: event.data }, at);
        const stored: StoredEvent = { seq, tenantId, type: event.type, audience, data: event.data, at };
        await deps.notifier.publish(EVENTS_CHANNEL, stored, transaction);
        for (const listener of publishListeners) await listener(tenantId, event, transaction);
      };
      if (trx) await logAndSend(trx);
      else await deps.db.transaction(logAndSend);
    },

    /** Adds a listener told of every event published from now on, in its publishing transaction. */
    onPublish(listener: PublishListener): void {
      publishListeners.push(listener);
    },

    /**
     * Registers a stream and resolves once it receives live events; `lastEventId` replays what the stream missed
     * within the replay window, before any live event, without duplicates.
     */
    async subscribe(subscriber: EventSubscriber, lastEventId: string | null): Promise<() => void> {
      await listen();
      let lastSeq = BigInt(lastEventId ?? 0);
      let replaying = lastEventId !== null;
      let ended = false;
      const held: Pending[] = [];
      // Deliveries wait for the role lookup one after another, so events keep their order.
      let delivering = Promise.resolve();
      const deliver = async ({ event, audience }: Pending) => {
        if (ended) return;
        // A failed lookup ends the stream too: the client reconnects and is authenticated afresh.
        const role = await subscriber.currentRole().catch(() => null);
        if (role === null) {
          ended = true;
          subscriber.end();
        } else if (visibleTo(role, audience)) subscriber.send(event);
      };
      const forward = (pending: Pending) => {
        if (replaying) held.push(pending);
        else if (BigInt(pending.event.id) > lastSeq) {
          lastSeq = BigInt(pending.event.id);
          delivering = delivering.then(() => deliver(pending));
        }
      };
      const tenantSubscribers = subscribers.get(subscriber.tenantId) ?? new Set();
      tenantSubscribers.add(forward);
      subscribers.set(subscriber.tenantId, tenantSubscribers);
      if (lastEventId !== null) {
        const since = new Date(deps.clock.now().getTime() - deps.config.eventReplayWindowSec * 1000).toISOString();
        const missed = await eventsAfter(deps.db, subscriber.tenantId, lastEventId, since, REPLAY_LIMIT);
        replaying = false;
        for (const event of missed) forward({ event: delivered(event), audience: event.audience });
        for (const pending of held.splice(0)) forward(pending);
      }
      return () => {
        ended = true;
        tenantSubscribers.delete(forward);
        if (tenantSubscribers.size === 0 && subscribers.get(subscriber.tenantId) === tenantSubscribers) {
          subscribers.delete(subscriber.tenantId);
        }
      };
    },

    /**
     * Registers a superadmin's platform stream: it is sent 'operations.changed' when any tenant's dialer moves, at most
     * once per {@link PLATFORM_NOTICE_MS}, while its caller is still a superadmin.
     */
    async watchPlatform(subscriber: Omit<EventSubscriber, 'tenantId'>): Promise<() => void> {
      await listen();
      let ended = false;
      const notice = throttled(() => {
        void subscriber
          .currentRole()
          .catch(() => null)
          .then((role) => {
            if (ended) return;
            if (role !== 'superadmin') {
              ended = true;
              subscriber.end();
            } else subscriber.send({ id: '', type: 'operations.changed', data: {}, at: isoNow(deps.clock) });
          });
      });
      platformWatchers.add(notice.call);
      return () => {
        ended = true;
        platformWatchers.delete(notice.call);
        notice.cancel();
      };
    },

    /** Streams connected to this instance. */
    connectedCount: () => [...subscribers.values()].reduce((sum, set) => sum + set.size, 0),

    /** Drops logged events older than the replay window. */
    async prune(): Promise<number> {
      const before = new Date(deps.clock.now().getTime() - deps.config.eventReplayWindowSec * 1000).toISOString();
      return deleteEventsBefore(deps.db, before);
    },
  };
}
