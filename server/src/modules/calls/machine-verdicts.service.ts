import type { MachineVerdict, MachineVerdictsResponse } from '@shared/api/machine-verdicts.types';
import type { MachineVerdictsQuery, ReviewMachineVerdictRequest } from '@shared/schemas/machine-verdict.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { CampaignsService } from '../campaigns/campaigns.service';
import {
  countMachineVerdicts,
  findMachineVerdict,
  listMachineVerdicts,
  setVerdictWrong,
} from './machine-verdicts.store';

export type MachineVerdictsService = ReturnType<typeof createMachineVerdictsService>;

const verdictNotFound = () => new DomainError('NOT_FOUND', 'No machine verdict of this campaign has that call id');

/**
 * The review of a campaign's machine verdicts (issue 23): an admin reads a sample with its evidence and marks the
 * verdicts that were wrong; the campaign's analytics show the share marked wrong.
 */
export function createMachineVerdictsService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  services: { campaigns: Pick<CampaignsService, 'require'> },
) {
  const { db, clock } = deps;
  const { campaigns } = services;

  return {
    async list(tenantId: string, campaignId: string, query: MachineVerdictsQuery): Promise<MachineVerdictsResponse> {
      await campaigns.require(tenantId, campaignId);
      const [verdicts, counts] = await Promise.all([
        listMachineVerdicts(db, tenantId, campaignId, query.limit),
        countMachineVerdicts(db, tenantId, campaignId),
      ]);
      return { verdicts, ...counts };
    },

    async review(
      tenantId: string,
      campaignId: string,
      callId: string,
      review: ReviewMachineVerdictRequest,
      userId: string | null,
    ): Promise<MachineVerdict> {
      await campaigns.require(tenantId, campaignId);
      const marked = await setVerdictWrong(db, tenantId, campaignId, callId, {
        wrong: review.wrong,
        userId,
        now: isoNow(clock),
      });
      if (!marked) throw verdictNotFound();
      const verdict = await findMachineVerdict(db, tenantId, campaignId, callId);
      if (!verdict) throw verdictNotFound();
      return verdict;
    },
  };
}
