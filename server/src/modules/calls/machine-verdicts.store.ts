import type { Knex } from 'knex';
import type { MachineEvidence, MachineVerdict } from '@shared/api/machine-verdicts.types';
import { isMachineOutcome, MACHINE_VERDICT_OUTCOMES } from '@shared/domain/call-outcomes';
import { parseJson, toIso, toIsoOrNull, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

interface VerdictRow {
  id: string;
  conversation_id: string;
  customer_phone_number: string | null;
  started_at: unknown;
  duration_sec: number | string;
  status: string;
  machine_evidence: string | null;
  machine_verdict_wrong_at: unknown;
}

const NO_EVIDENCE: MachineEvidence = { detection: null, voicemailMessage: null, transcriptStart: '' };

function toVerdict(row: VerdictRow): MachineVerdict | null {
  if (!isMachineOutcome(row.status)) return null;
  return {
    callId: row.id,
    conversationId: row.conversation_id,
    customerPhoneNumber: row.customer_phone_number,
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    outcome: row.status,
    evidence: { ...NO_EVIDENCE, ...parseJson<Partial<MachineEvidence>>(row.machine_evidence, {}) },
    markedWrongAt: toIsoOrNull(row.machine_verdict_wrong_at),
  };
}

const COLUMNS = [
  'id',
  'conversation_id',
  'customer_phone_number',
  'started_at',
  'duration_sec',
  'status',
  'machine_evidence',
  'machine_verdict_wrong_at',
];

const verdictsOf = (db: Queryable, tenantId: string, campaignId: string) =>
  db('calls')
    .where({ tenant_id: tenantId, campaign_id: campaignId })
    .whereIn('status', [...MACHINE_VERDICT_OUTCOMES]);

/** The campaign's newest machine verdicts, newest first. */
export async function listMachineVerdicts(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  limit: number,
): Promise<MachineVerdict[]> {
  const rows = (await verdictsOf(db, tenantId, campaignId)
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select(COLUMNS)) as VerdictRow[];
  return rows.map(toVerdict).filter((verdict): verdict is MachineVerdict => verdict !== null);
}

export async function findMachineVerdict(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  callId: string,
): Promise<MachineVerdict | null> {
  const row = (await verdictsOf(db, tenantId, campaignId).where({ id: callId }).first(COLUMNS)) as
    VerdictRow | undefined;
  return row ? toVerdict(row) : null;
}

/**
 * Machine verdicts of the campaign (of the attempts made in [since, until) when a period is given, as the analytics
 * count calls), and how many of them were marked wrong.
 */
export async function countMachineVerdicts(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  period?: { since: string; until: string },
): Promise<{ total: number; markedWrong: number }> {
  const query = db('calls as c')
    .where({ 'c.tenant_id': tenantId, 'c.campaign_id': campaignId })
    .whereIn('c.status', [...MACHINE_VERDICT_OUTCOMES]);
  if (period) {
    query
      .join('call_attempts as a', 'a.conversation_id', 'c.conversation_id')
      .where({ 'a.campaign_id': campaignId })
      .andWhere('a.created_at', '>=', period.since)
      .andWhere('a.created_at', '<', period.until);
  }
  const row = (await query.first(
    db.raw('count(*) as ??', ['total']),
    db.raw('count(c.machine_verdict_wrong_at) as ??', ['wrong']),
  )) as { total?: number | string; wrong?: number | string } | undefined;
  return { total: Number(row?.total ?? 0), markedWrong: Number(row?.wrong ?? 0) };
}

/** Marks a verdict wrong (by `userId`, at `now`) or takes the mark back; false when there is no such verdict. */
export async function setVerdictWrong(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  callId: string,
  mark: { wrong: boolean; userId: string | null; now: string },
): Promise<boolean> {
  const changed = await verdictsOf(db, tenantId, campaignId)
    .where({ id: callId })
    .update(
      mark.wrong
        ? { machine_verdict_wrong_at: mark.now, machine_verdict_wrong_by: mark.userId }
        : { machine_verdict_wrong_at: null, machine_verdict_wrong_by: null },
    );
  return changed > 0;
}
