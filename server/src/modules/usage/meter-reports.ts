import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import { crashCheckpoint } from '../../lib/crash-checkpoint';
import { markMeterReportFailed, markMeterReportSent, type MeterReport } from './usage.store';

/** The job that sends one call's minutes to the payments provider's meter. */
export const REPORT_USAGE_JOB = 'report-usage';
/** A send takes well under a second; a run this long died with its process and is retried. */
export const REPORT_USAGE_RETRIES = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 60 };
/** The provider takes meter events of the past 35 days only. */
const METER_LOOKBACK_MS = 34 * 24 * 3600 * 1000;

/** The event's time in epoch seconds: when the call happened, brought within the provider's window. */
export function meterTimestamp(occurredAt: string, nowMs: number): number {
  const occurred = Date.parse(occurredAt);
  return Math.floor(Math.min(nowMs, Math.max(occurred, nowMs - METER_LOOKBACK_MS)) / 1000);
}

/** Each call's meter report: queued as a job, sent to the provider, its outcome recorded on the report. */
export function createMeterReporter(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'payments' | 'config'>) {
  const checkpoint = crashCheckpoint(deps.config.testCrashAt);
  return {
    async queue(reportId: string, trx?: Knex.Transaction): Promise<void> {
      await deps.jobs.send(REPORT_USAGE_JOB, { reportId }, { singletonKey: reportId, ...REPORT_USAGE_RETRIES }, trx);
    },

    /** Sends the report unless it was sent; a resend of one the provider has is harmless (same identifier). */
    async send(report: MeterReport): Promise<void> {
      try {
        await deps.payments.reportUsage({
          customerId: report.customerId,
          minutes: report.minutes,
          identifier: report.identifier,
          timestamp: meterTimestamp(report.occurredAt, deps.clock.now().getTime()),
        });
      } catch (error) {
        await markMeterReportFailed(deps.db, report.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
      // A crash here leaves the report pending: it is sent again, and the provider counts its identifier once.
      checkpoint('usage-report:sent');
      await markMeterReportSent(deps.db, report.id, isoNow(deps.clock));
    },
  };
}
