import type { Knex } from 'knex';
import type { Callback, CallbackReason, CallbacksPage } from '@shared/api/callbacks.types';
import type { TransferVerdict } from '@shared/domain/transfer-target';
import type { CallbacksQuery, UpdateCallbackRequest } from '@shared/schemas/callback.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { UsersService } from '../users/users.service';
import {
  countCallbacks,
  countDue,
  dueUnassigned,
  findCallback,
  insertCallback,
  listCallbacks,
  moveCallback,
  type CallbackRecord,
} from './callbacks.store';
import type { WebhooksService } from '../webhooks/webhooks.service';

export type CallbacksService = ReturnType<typeof createCallbacksService>;

/** Who changes a callback: a member by role, or an API key (which acts with the admin's rights over callbacks). */
export interface CallbackActor {
  userId: string;
  role: string;
  viaKey: boolean;
}

/**
 * A call whose transfer was missed: an outbound campaign's contact (the dialer settles it and later calls them back),
 * or an inbound caller (no contact: a member calls them back).
 */
export interface MissedTransfer {
  tenantId: string;
  campaignId: string | null;
  contact: { id: string; phoneNumber: string; metadata: Record<string, string> | null } | null;
  /** The number to call back; the contact's when there is one. */
  phoneNumber?: string;
  agentId: string | null;
  conversationId: string;
  summary: string | null;
  verdict: TransferVerdict;
}

/** Callbacks the job puts back in their campaigns at once. */
const DUE_BATCH = 100;

/** The contact's name from its metadata: `name`, or `first_name` and `last_name`. */
export function contactNameOf(metadata: Record<string, string> | null | undefined): string | null {
  if (!metadata) return null;
  const direct = metadata.name ?? metadata.full_name;
  if (direct?.trim()) return direct.trim().slice(0, 200);
  const parts = [metadata.first_name, metadata.last_name].filter((part) => part?.trim());
  return parts.length ? parts.join(' ').trim().slice(0, 200) : null;
}

const isAdminActor = (actor: CallbackActor) => actor.viaKey || actor.role === 'admin' || actor.role === 'superadmin';

/**
 * Callbacks (issue 23 part 2): a missed warm transfer leaves one for the contact, due at the target's next opening.
 * Members take them (admins and keys give them to anyone) and mark them done; one nobody took by its time is put back
 * in its campaign, whose dialer calls the contact at the next moment its window, legal hours and do-not-call list
 * allow — the dialer's own path, never a second one.
 */
export function createCallbacksService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>,
  services: {
    users: Pick<UsersService, 'memberEmails'>;
    contacts: Pick<ContactDialingService, 'find' | 'settle'>;
    webhooks: Pick<WebhooksService, 'publish'>;
  },
) {
  const { db, clock, logger } = deps;
  const { users, contacts, webhooks } = services;
  const now = () => isoNow(clock);

  async function shown(tenantId: string, records: readonly CallbackRecord[]): Promise<Callback[]> {
    const ids = records.flatMap((record) => (record.assignedUserId ? [record.assignedUserId] : []));
    const emails = await users.memberEmails(tenantId, ids);
    return records.map(({ assignedUserId, tenantId: _tenant, ...callback }) => ({
      ...callback,
      assignee: assignedUserId ? { id: assignedUserId, email: emails.get(assignedUserId) ?? '' } : null,
    }));
  }

  async function requireCallback(tenantId: string, id: string): Promise<CallbackRecord> {
    const callback = await findCallback(db, tenantId, id);
    if (!callback) throw new DomainError('NOT_FOUND', 'Callback not found');
    return callback;
  }

  const moved = async (tenantId: string, id: string) =>
    (await shown(tenantId, [await requireCallback(tenantId, id)]))[0]!;

  const notNow = (callback: CallbackRecord, action: string) =>
    new DomainError('CALLBACK_NOT_OPEN', `A ${callback.status} callback cannot be ${action}`);

  /**
   * Puts a callback's contact back in its campaign, due from `dueAt`: the campaign's dialer calls it when its window,
   * the contact's legal hours and the do-not-call list allow. A contact that is gone cancels the callback; one being
   * called now is left to that call (`busy`); one already due again counts the callback as dialled.
   */
  async function putBack(
    callback: CallbackRecord,
    from: readonly CallbackRecord['status'][],
    dueAt: string,
    at: string,
  ): Promise<'dialled' | 'cancelled' | 'busy' | 'moved'> {
    const contact = callback.contactId ? await contacts.find(callback.tenantId, callback.contactId) : undefined;
    if (!contact) {
      await moveCallback(db, callback.tenantId, callback.id, from, { status: 'cancelled' }, at);
      return 'cancelled';
    }
    if (contact.status === 'in_progress') return 'busy';
    const dialled = { status: 'dialled', dialledAt: at } as const;
    if (contact.status === 'pending') {
      return (await moveCallback(db, callback.tenantId, callback.id, from, dialled, at)) ? 'dialled' : 'moved';
    }
    const done = await db.transaction(async (trx) => {
      if (!(await moveCallback(trx, callback.tenantId, callback.id, from, dialled, at))) return false;
      await contacts.settle(trx, contact.id, { status: 'pending', nextAttemptAt: dueAt, conversationId: null });
      return true;
    });
    return done ? 'dialled' : 'moved';
  }

  return {
    /** In the transaction that settles the call: one callback per conversation. */
    async recordMissedTransfer(trx: Knex.Transaction, missed: MissedTransfer): Promise<void> {
      const { verdict, contact } = missed;
      const reason: CallbackReason = verdict.outsideHours ? 'outside_hours' : 'no_answer';
      const id = newSequentialId(clock.now().getTime());
      const requestedAt = (verdict.callbackAt ?? clock.now()).toISOString();
      await insertCallback(
        trx,
        missed.tenantId,
        {
          id,
          campaignId: missed.campaignId,
          contactId: contact?.id ?? null,
          agentId: missed.agentId,
          conversationId: missed.conversationId,
          phoneNumber: contact?.phoneNumber ?? missed.phoneNumber ?? '',
          contactName: contactNameOf(contact?.metadata),
          targetName: verdict.targetName,
          targetNumber: verdict.targetNumber,
          reason,
          summary: missed.summary,
          requestedAt,
        },
        now(),
      );
      await webhooks.publish(
        missed.tenantId,
        'callback.created',
        { callbackId: id, contactId: contact?.id ?? null, campaignId: missed.campaignId, scheduledFor: requestedAt },
        trx,
      );
    },

    async list(tenantId: string, query: CallbacksQuery): Promise<CallbacksPage> {
      const [rows, total] = await Promise.all([
        listCallbacks(db, tenantId, query),
        countCallbacks(db, tenantId, query.status),
      ]);
      const page = rows.slice(0, query.limit);
      return {
        callbacks: await shown(tenantId, page),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
        total,
      };
    },

    /**
     * Assign (a member takes it; an admin or key gives it to any member), mark done (its assignee, an admin or a
     * key), or cancel (an admin or a key).
     */
    async update(tenantId: string, id: string, actor: CallbackActor, input: UpdateCallbackRequest): Promise<Callback> {
      const callback = await requireCallback(tenantId, id);
      const admin = isAdminActor(actor);
      if (input.action === 'assign') {
        if (actor.viaKey && !input.assigneeId) {
          throw invalidField('assigneeId', 'An API key assigns a callback to a member: give assigneeId');
        }
        const assigneeId = input.assigneeId ?? actor.userId;
        if (assigneeId !== actor.userId && !admin) {
          throw new DomainError('CALLBACK_ADMINS_ONLY', 'Only an admin may give a callback to another member');
        }
        if (!(await users.memberEmails(tenantId, [assigneeId])).has(assigneeId)) {
          throw invalidField('assigneeId', 'The assignee must be a member of the team');
        }
        // A member takes an open callback; an admin may also hand an assigned one over.
        const from = admin ? (['open', 'assigned'] as const) : (['open'] as const);
        if (!(await moveCallback(db, tenantId, id, from, { status: 'assigned', assignedUserId: assigneeId }, now()))) {
          throw notNow(callback, 'assigned');
        }
        return moved(tenantId, id);
      }
      if (input.action === 'done') {
        if (!admin && callback.assignedUserId !== actor.userId) {
          throw new DomainError('CALLBACK_ADMINS_ONLY', 'Only its assignee or an admin may mark a callback done');
        }
        const from = ['open', 'assigned', 'dialled'] as const;
        if (!(await moveCallback(db, tenantId, id, from, { status: 'done' }, now())))
          throw notNow(callback, 'marked done');
        return moved(tenantId, id);
      }
      if (input.action === 'dial') {
        if (!admin) throw new DomainError('CALLBACK_ADMINS_ONLY', 'Only an admin may have a callback dialled now');
        if (!callback.contactId) {
          throw new DomainError(
            'CALLBACK_NOT_OPEN',
            'This caller rang in: there is no campaign contact to dial. Take the callback and call them back',
          );
        }
        const result = await putBack(callback, ['open', 'assigned'], now(), now());
        if (result === 'busy') throw new DomainError('CALLBACK_NOT_OPEN', 'The contact is being called right now');
        if (result !== 'dialled') throw notNow(callback, 'dialled');
        return moved(tenantId, id);
      }
      if (!admin) throw new DomainError('CALLBACK_ADMINS_ONLY', 'Only an admin may cancel a callback');
      if (!(await moveCallback(db, tenantId, id, ['open', 'assigned'], { status: 'cancelled' }, now()))) {
        throw notNow(callback, 'cancelled');
      }
      return moved(tenantId, id);
    },

    /**
     * Puts every open callback nobody took whose time has come back in its campaign: its contact is due again from
     * the requested moment, and the dialer calls it when its window, the contact's legal hours in their zone and the
     * do-not-call list allow. A callback whose contact is gone (or already being dialled) is cancelled or left.
     */
    async dialDue(): Promise<{ dialled: number }> {
      let dialled = 0;
      const at = now();
      for (const callback of await dueUnassigned(db, at, DUE_BATCH)) {
        try {
          if ((await putBack(callback, ['open'], callback.requestedAt, at)) === 'dialled') dialled += 1;
        } catch (error) {
          logger.warn({ err: error, callbackId: callback.id }, 'callback not dialled yet');
        }
      }
      return { dialled };
    },

    /** Callbacks still to be made whose time has come (or comes by `until`), for the figures. */
    countDue: (tenantId: string, until: Date, campaignId?: string) =>
      countDue(db, tenantId, until.toISOString(), campaignId),
  };
}
