import type { Knex } from 'knex';
import { countRows, toBool, toIso, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

/** The agent a number is assigned to, as far as the number's own row and its list need it. */
export interface AssignedAgentRef {
  id: string;
  name: string;
  /** The voice provider's id of the agent. */
  providerAgentId: string | null;
  active: boolean;
}

/**
 * A tenant's phone number. `phone_numbers.assigned_agent_id` is the one record of which agent answers a
 * number, and a partial unique index keeps it to one number per agent.
 */
export interface PhoneNumberRecord {
  id: string;
  tenantId: string;
  phoneNumber: string;
  label: string | null;
  provider: string;
  country: string | null;
  twilioSid: string | null;
  /** The voice provider's id of the imported number; null when it was never imported. */
  elevenlabsPhoneNumberId: string | null;
  active: boolean;
  createdAt: string;
  assignedAgent: AssignedAgentRef | null;
}

interface PhoneNumberRow {
  id: string;
  tenant_id: string;
  phone_number: string;
  label: string | null;
  provider: string;
  country: string | null;
  twilio_sid: string | null;
  elevenlabs_phone_number_id: string | null;
  assigned_agent_id: string | null;
  active: boolean | number;
  created_at: unknown;
  agent_name: string | null;
  agent_provider_id: string | null;
  agent_active: boolean | number | null;
}

function toRecord(row: PhoneNumberRow): PhoneNumberRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    phoneNumber: row.phone_number,
    label: row.label,
    provider: row.provider,
    country: row.country,
    twilioSid: row.twilio_sid,
    elevenlabsPhoneNumberId: row.elevenlabs_phone_number_id,
    active: toBool(row.active),
    createdAt: toIso(row.created_at),
    assignedAgent:
      row.assigned_agent_id && row.agent_name !== null
        ? {
            id: row.assigned_agent_id,
            name: row.agent_name,
            providerAgentId: row.agent_provider_id,
            active: toBool(row.agent_active),
          }
        : null,
  };
}

/** Numbers with their agent's name and provider id: one read for the list the numbers page and agent form show. */
function recordQuery(db: Queryable, tenantId: string) {
  return db('phone_numbers as pn')
    .leftJoin('agents as a', function joinAgent() {
      this.on('a.id', '=', 'pn.assigned_agent_id').andOn('a.tenant_id', '=', 'pn.tenant_id');
    })
    .where('pn.tenant_id', tenantId)
    .select('pn.*', 'a.name as agent_name', 'a.elevenlabs_agent_id as agent_provider_id', 'a.active as agent_active');
}

export async function listPhoneNumbers(db: Db, tenantId: string): Promise<PhoneNumberRecord[]> {
  const rows: PhoneNumberRow[] = await recordQuery(db, tenantId).orderBy([
    { column: 'pn.created_at' },
    { column: 'pn.id' },
  ]);
  return rows.map(toRecord);
}

export async function findPhoneNumber(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<PhoneNumberRecord | undefined> {
  const row: PhoneNumberRow | undefined = await recordQuery(db, tenantId).andWhere('pn.id', id).first();
  return row ? toRecord(row) : undefined;
}

/** The number assigned to an agent, if any (at most one, by the unique index). */
export async function findAgentPhoneNumber(
  db: Queryable,
  tenantId: string,
  agentId: string,
): Promise<PhoneNumberRecord | undefined> {
  const row: PhoneNumberRow | undefined = await recordQuery(db, tenantId)
    .andWhere('pn.assigned_agent_id', agentId)
    .first();
  return row ? toRecord(row) : undefined;
}

/**
 * Which row and tenant hold a number, if any. Not tenant-scoped on purpose: a number is unique across the platform,
 * and a purchase must know whether anyone already has it; callers reveal no more than "not available".
 */
export async function phoneNumberHolder(
  db: Queryable,
  phoneNumber: string,
): Promise<{ id: string; tenantId: string } | null> {
  const row: { id: string; tenant_id: string } | undefined = await db('phone_numbers')
    .where({ phone_number: phoneNumber })
    .first('id', 'tenant_id');
  return row ? { id: row.id, tenantId: row.tenant_id } : null;
}

export function countActivePhoneNumbers(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('phone_numbers').where({ tenant_id: tenantId, active: true }));
}

/** Every number on the platform, for the superadmin's totals. */
export function countAllPhoneNumbers(db: Db): Promise<number> {
  return countRows(db('phone_numbers'));
}

export interface NewPhoneNumber {
  id: string;
  phoneNumber: string;
  label: string;
  country: string | null;
  twilioSid: string;
  elevenlabsPhoneNumberId: string;
}

export async function insertPhoneNumber(
  trx: Knex.Transaction,
  tenantId: string,
  input: NewPhoneNumber,
  now: string,
): Promise<void> {
  await trx('phone_numbers').insert({
    id: input.id,
    tenant_id: tenantId,
    phone_number: input.phoneNumber,
    label: input.label,
    provider: 'twilio',
    country: input.country,
    twilio_sid: input.twilioSid,
    elevenlabs_phone_number_id: input.elevenlabsPhoneNumberId,
    assigned_agent_id: null,
    active: true,
    created_at: now,
    updated_at: now,
  });
}

/** Clears the agent's number, whichever it is. */
export async function unassignAgentNumber(
  trx: Knex.Transaction,
  tenantId: string,
  agentId: string,
  now: string,
): Promise<void> {
  await trx('phone_numbers')
    .where({ tenant_id: tenantId, assigned_agent_id: agentId })
    .update({ assigned_agent_id: null, updated_at: now });
}

/**
 * Gives the number to the agent: the agent's previous number (if another) is cleared first, and the number's
 * previous agent loses it by the same write, since the link lives on the number alone.
 */
export async function assignNumber(
  trx: Knex.Transaction,
  tenantId: string,
  phoneNumberId: string,
  agentId: string,
  now: string,
): Promise<void> {
  await trx('phone_numbers')
    .where({ tenant_id: tenantId, assigned_agent_id: agentId })
    .whereNot({ id: phoneNumberId })
    .update({ assigned_agent_id: null, updated_at: now });
  await trx('phone_numbers')
    .where({ tenant_id: tenantId, id: phoneNumberId })
    .update({ assigned_agent_id: agentId, updated_at: now });
}
