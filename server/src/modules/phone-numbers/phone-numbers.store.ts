import type { Knex } from 'knex';
import type { PhoneNumber } from '@shared/api/phone-numbers.types';
import { countRows, toBool, toIso, type Db } from '../../db/database';

/** Tenant phone numbers and their monthly billing rows; every query is scoped by the tenant id first. */
export interface PhoneNumberRow {
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
}

interface PhoneNumberListRow extends PhoneNumberRow {
  agent_name: string | null;
  agent_provider_id: string | null;
}

type Queryable = Db | Knex.Transaction;

function toPhoneNumber(row: PhoneNumberListRow): PhoneNumber {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    label: row.label,
    provider: row.provider,
    country: row.country,
    active: toBool(row.active),
    createdAt: toIso(row.created_at),
    assignedAgentId: row.assigned_agent_id,
    assigned_agent:
      row.assigned_agent_id && row.agent_name !== null
        ? { agent_name: row.agent_name, database_agent_id: row.assigned_agent_id, agent_id: row.agent_provider_id }
        : null,
  };
}

function listQuery(db: Queryable, tenantId: string) {
  return db('phone_numbers as pn')
    .leftJoin('agents as a', function joinAgent() {
      this.on('a.id', '=', 'pn.assigned_agent_id').andOn('a.tenant_id', '=', 'pn.tenant_id');
    })
    .where('pn.tenant_id', tenantId)
    .select('pn.*', 'a.name as agent_name', 'a.elevenlabs_agent_id as agent_provider_id');
}

export async function listPhoneNumbers(db: Db, tenantId: string): Promise<PhoneNumber[]> {
  const rows: PhoneNumberListRow[] = await listQuery(db, tenantId).orderBy([
    { column: 'pn.created_at' },
    { column: 'pn.id' },
  ]);
  return rows.map(toPhoneNumber);
}

export async function findPhoneNumberView(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<PhoneNumber | undefined> {
  const row: PhoneNumberListRow | undefined = await listQuery(db, tenantId).andWhere('pn.id', id).first();
  return row ? toPhoneNumber(row) : undefined;
}

export function findPhoneNumber(db: Queryable, tenantId: string, id: string): Promise<PhoneNumberRow | undefined> {
  return db<PhoneNumberRow>('phone_numbers').where({ tenant_id: tenantId, id }).first();
}

/**
 * Which tenant holds a number, if any. Not tenant-scoped on purpose: a number is unique across the platform,
 * and a purchase must know whether anyone already has it; callers reveal no more than "not available".
 */
export async function phoneNumberHolder(db: Queryable, phoneNumber: string): Promise<string | null> {
  const row = await db('phone_numbers').where({ phone_number: phoneNumber }).first('tenant_id');
  return (row?.tenant_id as string | undefined) ?? null;
}

/** The number assigned to an agent; the agents service keeps it to at most one. */
export function findAgentPhoneNumber(
  db: Queryable,
  tenantId: string,
  agentId: string,
): Promise<PhoneNumberRow | undefined> {
  return db<PhoneNumberRow>('phone_numbers')
    .where({ tenant_id: tenantId, assigned_agent_id: agentId })
    .orderBy('created_at')
    .first();
}

export function countActivePhoneNumbers(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db('phone_numbers').where({ tenant_id: tenantId, active: true }));
}

export interface NewPhoneNumber {
  id: string;
  phoneNumber: string;
  label: string;
  country: string | null;
  twilioSid: string;
  elevenlabsPhoneNumberId: string;
  now: string;
}

export async function insertPhoneNumber(trx: Knex.Transaction, tenantId: string, input: NewPhoneNumber): Promise<void> {
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
    created_at: input.now,
    updated_at: input.now,
  });
}

export async function insertPhoneNumberBilling(
  trx: Knex.Transaction,
  tenantId: string,
  input: {
    id: string;
    phoneNumberId: string;
    month: string;
    costMonthly: number;
    includedInPlan: boolean;
    now: string;
  },
): Promise<void> {
  await trx('phone_number_billing').insert({
    id: input.id,
    tenant_id: tenantId,
    phone_number_id: input.phoneNumberId,
    month_yyyy_mm: input.month,
    cost_monthly: input.costMonthly,
    included_in_plan: input.includedInPlan,
    created_at: input.now,
  });
}

export async function setAssignedAgent(
  trx: Knex.Transaction,
  tenantId: string,
  phoneNumberId: string,
  agentId: string | null,
  now: string,
): Promise<void> {
  await trx('phone_numbers')
    .where({ tenant_id: tenantId, id: phoneNumberId })
    .update({ assigned_agent_id: agentId, updated_at: now });
}

/** Clears every number of the agent except `keepId`; returns the numbers it cleared. */
export async function unassignAgentNumbers(
  trx: Knex.Transaction,
  tenantId: string,
  agentId: string,
  now: string,
  keepId: string | null = null,
): Promise<PhoneNumberRow[]> {
  const query = () => {
    const q = trx('phone_numbers').where({ tenant_id: tenantId, assigned_agent_id: agentId });
    return keepId ? q.whereNot({ id: keepId }) : q;
  };
  const rows: PhoneNumberRow[] = await query().select('*');
  if (rows.length) await query().update({ assigned_agent_id: null, updated_at: now });
  return rows;
}
