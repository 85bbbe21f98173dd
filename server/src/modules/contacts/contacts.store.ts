import type { Knex } from 'knex';
import type { ConversationConfig, OutboundContact } from '@shared/api/contacts.types';
import type { ContactZoneSource } from '@shared/domain/contact-zone';
import type { ContactConsent, ContactMetadata, ContactSkipReason, ContactStatus } from '@shared/schemas/contact.schema';
import { countRows, dialectOf, parseJson, selectRows, toIso, toIsoOrNull, type Db } from '../../db/database';
import type { ContactTotalsChanges } from './contact-totals.store';

type Queryable = Db | Knex.Transaction;

/**
 * A contact with its tenant and the dialer's lease token (never sent to clients); `id` is time-ordered
 * (newSequentialId), so pages in key order are in creation order.
 */
export type ContactRecord = OutboundContact & { tenantId: string; leaseToken: string | null };

/** What a create, an update or an import writes; the dialing columns belong to contact-dialing.store.ts. */
export interface ContactFields {
  phoneNumber?: string;
  maxRetries?: number;
  retryDelayMinutes?: number;
  metadata?: ContactMetadata;
  timezones?: string[];
  timezoneSource?: ContactZoneSource;
  scheduledFor?: string | null;
  nextAttemptAt?: string | null;
  conversationConfig?: ConversationConfig | null;
  /** Null withdraws it. */
  consent?: ContactConsent | null;
}

/** A row of outbound_contacts as both drivers return it; contact-dialing.store.ts reads the same rows. */
export interface ContactRow {
  id: string;
  tenant_id: string;
  campaign_id: string;
  phone_number: string;
  max_retries: number | string;
  retry_delay_minutes: number | string;
  metadata: string;
  timezones: string;
  timezone_source: ContactZoneSource;
  status: ContactStatus;
  scheduled_for: unknown;
  next_attempt_at: unknown;
  attempts_made: number | string;
  conversation_config: string | null;
  conversation_id: string | null;
  consent_scope: ContactConsent['scope'] | null;
  consent_source: ContactConsent['source'] | null;
  consent_captured_at: unknown;
  consent_evidence: string | null;
  skip_reason?: ContactSkipReason | null;
  version: number | string;
  lease_token: string | null;
  created_at: unknown;
  updated_at: unknown;
}

/** Every column of a contact row, for the pages that read them as arrays. */
const ROW_COLUMNS = [
  'id',
  'tenant_id',
  'campaign_id',
  'phone_number',
  'max_retries',
  'retry_delay_minutes',
  'metadata',
  'timezones',
  'timezone_source',
  'status',
  'scheduled_for',
  'next_attempt_at',
  'attempts_made',
  'conversation_config',
  'conversation_id',
  'consent_scope',
  'consent_source',
  'consent_captured_at',
  'consent_evidence',
  'skip_reason',
  'version',
  'lease_token',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof ContactRow>;

const COLUMNS: Record<Exclude<keyof ContactFields, 'consent'>, keyof ContactRow> = {
  phoneNumber: 'phone_number',
  maxRetries: 'max_retries',
  retryDelayMinutes: 'retry_delay_minutes',
  metadata: 'metadata',
  timezones: 'timezones',
  timezoneSource: 'timezone_source',
  scheduledFor: 'scheduled_for',
  nextAttemptAt: 'next_attempt_at',
  conversationConfig: 'conversation_config',
};

export function toContactRecord(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    campaignId: row.campaign_id,
    phoneNumber: row.phone_number,
    maxRetries: Number(row.max_retries),
    retryDelayMinutes: Number(row.retry_delay_minutes),
    metadata: parseJson<ContactMetadata>(row.metadata, {}),
    timezones: parseJson<string[]>(row.timezones, []),
    timezoneSource: row.timezone_source,
    status: row.status,
    attemptsMade: Number(row.attempts_made),
    scheduledFor: toIsoOrNull(row.scheduled_for),
    nextAttemptAt: toIsoOrNull(row.next_attempt_at),
    conversationConfig: parseJson<ConversationConfig | null>(row.conversation_config, null),
    conversationId: row.conversation_id,
    consent: consentOf(row),
    skipReason: row.skip_reason ?? null,
    version: Number(row.version),
    leaseToken: row.lease_token,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function consentOf(row: ContactRow): ContactConsent | null {
  if (!row.consent_scope || !row.consent_source) return null;
  return {
    scope: row.consent_scope,
    source: row.consent_source,
    capturedAt: toIso(row.consent_captured_at),
    evidence: row.consent_evidence ?? '',
  };
}

/** The consent columns of a contact row; all null when consent is withdrawn. */
export function consentColumns(consent: ContactConsent | null): Record<string, unknown> {
  return {
    consent_scope: consent?.scope ?? null,
    consent_source: consent?.source ?? null,
    consent_captured_at: consent ? new Date(consent.capturedAt).toISOString() : null,
    consent_evidence: consent?.evidence ?? null,
  };
}

const JSON_FIELDS = new Set<keyof ContactFields>(['metadata', 'timezones', 'conversationConfig']);

function toRow(fields: ContactFields): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof ContactFields, unknown]>) {
    if (value === undefined) continue;
    if (key === 'consent') {
      Object.assign(row, consentColumns(value as ContactConsent | null));
      continue;
    }
    row[COLUMNS[key]] = JSON_FIELDS.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  return row;
}

export interface ContactFilter {
  status?: ContactStatus;
  /** Digits (and a leading +) the number contains. */
  search?: string;
}

function filtered(db: Queryable, tenantId: string, campaignId: string, filter: ContactFilter): Knex.QueryBuilder {
  const query = db('outbound_contacts').where({ tenant_id: tenantId, campaign_id: campaignId });
  if (filter.status) query.where('status', filter.status);
  if (filter.search) query.where('phone_number', 'like', `%${filter.search}%`);
  return query;
}

/** One keyset page: the contacts after `after` in key order; one more than `limit` tells whether a next page exists. */
export async function listContactsPage(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  filter: ContactFilter & { after?: string; limit: number },
): Promise<ContactRecord[]> {
  const query = filtered(db, tenantId, campaignId, filter);
  if (filter.after) query.where('id', '>', filter.after);
  const rows = await selectRows<ContactRow>(query.orderBy('id').limit(filter.limit + 1), ROW_COLUMNS);
  return rows.map(toContactRecord);
}

export function countContacts(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  filter: ContactFilter,
): Promise<number> {
  return countRows(filtered(db, tenantId, campaignId, filter));
}

export async function findContact(db: Queryable, tenantId: string, id: string): Promise<ContactRecord | undefined> {
  const row: ContactRow | undefined = await db('outbound_contacts').where({ tenant_id: tenantId, id }).first();
  return row ? toContactRecord(row) : undefined;
}

export async function findContacts(db: Queryable, tenantId: string, ids: readonly string[]): Promise<ContactRecord[]> {
  if (ids.length === 0) return [];
  const rows: ContactRow[] = await db('outbound_contacts').where({ tenant_id: tenantId }).whereIn('id', ids);
  return rows.map(toContactRecord);
}

/** Which contact of the campaign has each of these numbers (E.164), for a sync to refuse duplicates. */
export async function contactIdsByNumber(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows: Array<{ id: string; phone_number: string }> = await db('outbound_contacts')
    .where({ tenant_id: tenantId, campaign_id: campaignId })
    .whereIn('phone_number', numbers)
    .select('id', 'phone_number');
  return new Map(rows.map((row) => [row.phone_number, row.id]));
}

/** Adds a contact, waiting to be called. */
export async function insertContact(
  trx: Knex.Transaction,
  totals: ContactTotalsChanges,
  record: { id: string; tenantId: string; campaignId: string; now: string } & ContactFields,
): Promise<void> {
  const { id, tenantId, campaignId, now, ...fields } = record;
  await trx('outbound_contacts').insert({
    id,
    tenant_id: tenantId,
    campaign_id: campaignId,
    metadata: '{}',
    ...toRow(fields),
    status: 'pending',
    created_at: now,
    updated_at: now,
  });
  totals.add({ tenant_id: tenantId, campaign_id: campaignId }, 'pending', 1);
}

/**
 * Which contact a guarded write may touch: the one named, unless it is being dialled right now, and only at the
 * version a client read when one is given (an offline draft's sync).
 */
export interface IdleContactTarget {
  id: string;
  version?: number;
}

function idleContact(db: Queryable, tenantId: string, target: IdleContactTarget): Knex.QueryBuilder {
  const query = db('outbound_contacts').where({ tenant_id: tenantId, id: target.id }).whereNot('status', 'in_progress');
  if (target.version !== undefined) query.where('version', target.version);
  return query;
}

/** Changes a contact (see {@link IdleContactTarget}); false when nothing matched, and the caller reads it to say why. */
export async function updateIdleContact(
  db: Queryable,
  tenantId: string,
  target: IdleContactTarget,
  fields: ContactFields,
  now: string,
): Promise<boolean> {
  const changed = await idleContact(db, tenantId, target).update({
    ...toRow(fields),
    // Its number, zone or schedule may have changed: the dialer works its next callable moment out again.
    next_callable_at: null,
    // Whatever kept it waiting (no consent) is looked at again.
    skip_reason: db.raw("case when status = 'pending' then null else skip_reason end"),
    version: db.raw('version + 1'),
    updated_at: now,
  });
  return changed > 0;
}

/** Deletes a contact (see {@link IdleContactTarget}); false when nothing matched. */
export async function deleteIdleContact(
  trx: Knex.Transaction,
  totals: ContactTotalsChanges,
  tenantId: string,
  target: IdleContactTarget,
): Promise<boolean> {
  // Locked as read, so that what it is counted as is what is deleted (the dialer may be claiming it).
  const row = (await idleContact(trx, tenantId, target).forUpdate().first('tenant_id', 'campaign_id', 'status')) as
    Pick<ContactRow, 'tenant_id' | 'campaign_id' | 'status'> | undefined;
  if (!row) return false;
  await trx('outbound_contacts').where({ tenant_id: tenantId, id: target.id }).delete();
  totals.add(row, row.status, -1);
  return true;
}

/** Every number of the campaign, for an import to skip those it already has. */
export async function campaignNumbers(db: Queryable, campaignId: string): Promise<Set<string>> {
  const rows: Array<{ phone_number: string }> = await db('outbound_contacts')
    .where({ campaign_id: campaignId })
    .select('phone_number');
  return new Set(rows.map((row) => row.phone_number));
}

/** A new contact as an import writes it. */
export interface ImportedContact {
  id: string;
  phoneNumber: string;
  maxRetries: number;
  retryDelayMinutes: number;
  metadata: ContactMetadata;
  timezones: string[];
  timezoneSource: ContactZoneSource;
  consent: ContactConsent | null;
}

export const CONTACT_IMPORT_COLUMNS = [
  'id',
  'tenant_id',
  'campaign_id',
  'phone_number',
  'max_retries',
  'retry_delay_minutes',
  'metadata',
  'timezones',
  'timezone_source',
  'consent_scope',
  'consent_source',
  'consent_captured_at',
  'consent_evidence',
  'status',
  'next_attempt_at',
  'attempts_made',
  'version',
  'created_at',
  'updated_at',
] as const;

/** Rows per bulk write; between two, the event loop turns (SQLite's insert is synchronous and would hold it). */
const IMPORT_SLICE = 10_000;

/**
 * Writes an import's contacts with the dialect's bulk path (COPY on PostgreSQL, one prepared insert on SQLite), a
 * slice at a time inside the caller's transaction.
 */
export async function insertImportedContacts(
  trx: Knex.Transaction,
  totals: ContactTotalsChanges,
  tenantId: string,
  campaignId: string,
  contacts: readonly ImportedContact[],
  now: string,
): Promise<number> {
  let written = 0;
  for (let start = 0; start < contacts.length; start += IMPORT_SLICE) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    written += await dialectOf(trx).bulkInsert(
      trx,
      'outbound_contacts',
      CONTACT_IMPORT_COLUMNS,
      contacts
        .slice(start, start + IMPORT_SLICE)
        .map((c) => [
          c.id,
          tenantId,
          campaignId,
          c.phoneNumber,
          c.maxRetries,
          c.retryDelayMinutes,
          JSON.stringify(c.metadata),
          JSON.stringify(c.timezones),
          c.timezoneSource,
          c.consent?.scope ?? null,
          c.consent?.source ?? null,
          c.consent ? new Date(c.consent.capturedAt).toISOString() : null,
          c.consent?.evidence ?? null,
          'pending',
          now,
          0,
          1,
          now,
          now,
        ]),
    );
  }
  totals.add({ tenant_id: tenantId, campaign_id: campaignId }, 'pending', written);
  return written;
}

/** The campaign's contacts in key order, a batch at a time, for an export that streams. */
export async function* contactBatches(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  batchSize: number,
): AsyncGenerator<ContactRecord[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await listContactsPage(db, tenantId, campaignId, { after, limit: batchSize });
    const batch = rows.slice(0, batchSize);
    if (batch.length > 0) yield batch;
    if (rows.length <= batchSize) return;
    after = batch[batch.length - 1]?.id;
  }
}

/** Every metadata key the campaign's contacts use, in the order first met, for the export's header. */
export async function campaignMetadataKeys(db: Queryable, tenantId: string, campaignId: string): Promise<string[]> {
  const keys = new Set<string>();
  const rows: Array<{ metadata: string }> = await db('outbound_contacts')
    .where({ tenant_id: tenantId, campaign_id: campaignId })
    .whereNot('metadata', '{}')
    .orderBy('id')
    .select('metadata');
  for (const row of rows) for (const key of Object.keys(parseJson<ContactMetadata>(row.metadata, {}))) keys.add(key);
  return [...keys];
}
