import type { AppDeps } from '../../app-deps';
import type { CallsService } from '../calls/calls.service';
import type { DataPolicyService } from './data-policy.service';

const DAY_MS = 24 * 3600 * 1000;

export type RetentionService = ReturnType<typeof createRetentionService>;

export interface RetentionPass {
  tenants: number;
  transcripts: number;
  recordings: number;
}

/**
 * The daily retention pass: for each tenant that keeps recordings or transcripts for a limited time, the calls that
 * started longer ago lose their recording (deleted at the voice provider too) or their transcript and summary. The
 * calls stay, and so do usage, billing and analytics, which read their own rollups. Everything it has done is marked
 * on the calls, so a pass cut short (a restart) is simply finished by the next one.
 */
export function createRetentionService(
  deps: Pick<AppDeps, 'clock' | 'logger'>,
  services: {
    dataPolicy: Pick<DataPolicyService, 'tenantsWithRetention'>;
    calls: Pick<CallsService, 'purgeTranscriptsBefore' | 'purgeRecordingsBefore'>;
  },
) {
  const { dataPolicy, calls } = services;
  const daysAgo = (days: number) => new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString();

  return {
    async purge(): Promise<RetentionPass> {
      const pass: RetentionPass = { tenants: 0, transcripts: 0, recordings: 0 };
      for (const tenant of await dataPolicy.tenantsWithRetention()) {
        pass.tenants += 1;
        try {
          if (tenant.transcriptRetentionDays !== null)
            pass.transcripts += await calls.purgeTranscriptsBefore(
              tenant.tenantId,
              daysAgo(tenant.transcriptRetentionDays),
            );
          if (tenant.recordingRetentionDays !== null)
            pass.recordings += await calls.purgeRecordingsBefore(
              tenant.tenantId,
              daysAgo(tenant.recordingRetentionDays),
            );
        } catch (error) {
          // One tenant's failure (its database rows, the provider) does not hold up the others; the next pass retries.
          deps.logger.warn({ err: error, tenantId: tenant.tenantId }, 'retention pass failed for a tenant');
        }
      }
      if (pass.transcripts || pass.recordings) deps.logger.info(pass, 'retention purge');
      return pass;
    },
  };
}
