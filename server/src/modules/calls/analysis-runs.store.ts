import type { AnalysisRun, AnalysisRunScope } from '@shared/api/calls.types';
import { toIso, toIsoOrNull, type Db } from '../../db/database';

/** Re-analysis runs (analysis_runs) and their progress. */
function toRun(row: Record<string, unknown>): AnalysisRun {
  return {
    id: String(row.id),
    scope: row.scope as AnalysisRunScope,
    scopeId: String(row.scope_id),
    status: row.status === 'finished' ? 'finished' : 'running',
    total: Number(row.total),
    succeeded: Number(row.succeeded),
    failed: Number(row.failed),
    createdAt: toIso(row.created_at),
    finishedAt: toIsoOrNull(row.finished_at),
  };
}

export async function insertRun(
  db: Db,
  tenantId: string,
  run: { id: string; scope: AnalysisRunScope; scopeId: string; total: number; requestedBy: string },
  now: string,
): Promise<AnalysisRun> {
  const finished = run.total === 0;
  const [row] = await db('analysis_runs')
    .insert({
      id: run.id,
      tenant_id: tenantId,
      scope: run.scope,
      scope_id: run.scopeId,
      status: finished ? 'finished' : 'running',
      total: run.total,
      requested_by: run.requestedBy,
      created_at: now,
      finished_at: finished ? now : null,
    })
    .returning('*');
  return toRun(row as Record<string, unknown>);
}

export async function findRun(db: Db, tenantId: string, runId: string): Promise<AnalysisRun | undefined> {
  const row: Record<string, unknown> | undefined = await db('analysis_runs')
    .where({ tenant_id: tenantId, id: runId })
    .first();
  return row ? toRun(row) : undefined;
}

/** Counts one call of the run as done; the run is finished with its last call. Returns the run and its tenant. */
export async function countRunCall(
  db: Db,
  runId: string,
  outcome: 'succeeded' | 'failed',
  now: string,
): Promise<{ tenantId: string; run: AnalysisRun } | undefined> {
  return db.transaction(async (trx) => {
    const [row] = (await trx('analysis_runs').where({ id: runId }).increment(outcome, 1).returning('*')) as Array<
      Record<string, unknown>
    >;
    if (!row) return undefined;
    let run = toRun(row);
    if (run.status === 'running' && run.succeeded + run.failed >= run.total) {
      await trx('analysis_runs').where({ id: runId }).update({ status: 'finished', finished_at: now });
      run = { ...run, status: 'finished', finishedAt: now };
    }
    return { tenantId: String(row.tenant_id), run };
  });
}
