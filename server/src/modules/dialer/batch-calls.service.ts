import type { BatchCallResponse } from '@shared/api/dialer.types';
import type { BatchCallInput } from '@shared/schemas/batch-call.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { TenantsService } from '../tenants/tenants.service';
import {
  callContentOf,
  findDialingSettings,
  isOnDoNotCallList,
  type CampaignsForDialing,
  type DoNotCallCheck,
} from './dialer-ports';
import type { DialerService } from './dialer.service';
import { recordBatch } from './dialer.store';

export type BatchCallsService = ReturnType<typeof createBatchCallsService>;

/**
 * Spec 000 §5's batch call: "call these contacts now, or at this time", through the provider's batch calling. Each
 * recipient is one of our attempts, recorded before the batch is sent and carrying the attempt id, so the reconciler
 * settles it like any other call. The dialer's window and caps do not apply; the do-not-call list does.
 */
export function createBatchCallsService(
  deps: Pick<AppDeps, 'clock' | 'config' | 'voice' | 'db' | 'logger'>,
  services: {
    campaigns: CampaignsForDialing;
    contacts: ContactDialingService;
    tenants: TenantsService;
    dialer: DialerService;
    doNotCall: DoNotCallCheck;
  },
) {
  const { campaigns, contacts, tenants, dialer, doNotCall } = services;

  return {
    async submit(tenantId: string, campaignId: string, input: BatchCallInput): Promise<BatchCallResponse> {
      const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
      if (!campaign) throw new DomainError('NOT_FOUND', 'Campaign not found');
      if (campaign.campaignType !== 'outbound') {
        throw new DomainError('CAMPAIGN_NOT_OUTBOUND');
      }
      if (!(await tenants.get(tenantId)).outboundCallingEnabled) {
        throw new DomainError('OUTBOUND_NOT_ENABLED');
      }
      if (campaign.pausedReason)
        throw new DomainError('CAMPAIGN_PAUSED', `The campaign is paused: ${campaign.pausedReason}`);
      const caller = await dialer.callerOf(campaign);
      if ('brake' in caller) throw new DomainError('CAMPAIGN_CANNOT_DIAL', caller.brake);

      const requested = [...new Set(input.contactIds)];
      const leaseToken = newId();
      const leased = await contacts.leasePending(campaign.id, requested, leaseToken, deps.config.dialerLeaseSec);
      const callable = [];
      for (const contact of leased) {
        if (await isOnDoNotCallList(doNotCall, tenantId, contact.phoneNumber)) {
          await contacts.release([contact.id], leaseToken, contact.nextAttemptAt);
        } else {
          callable.push(contact);
        }
      }
      if (callable.length === 0) {
        throw new DomainError('VALIDATION_FAILED', 'None of these contacts can be called now.', {
          fields: { contactIds: 'None of these contacts can be called now.' },
        });
      }
      const nowMs = deps.clock.now().getTime();
      const startMs = Math.max(nowMs, (input.scheduledTimeUnix ?? 0) * 1000);
      const placeBy = new Date(startMs + deps.config.dialerPlaceWindowSec * 1000);
      const attempts = [];
      for (const contact of callable) {
        const attempt = await dialer.recordAttempt(campaign.id, contact, leaseToken, placeBy);
        if (attempt) attempts.push({ attempt, contact });
      }
      // Paused or stopped while its contacts were leased: the dialer gave them back, and there is nothing to send.
      if (attempts.length === 0)
        throw new DomainError('CAMPAIGN_PAUSED', 'The campaign was paused before its calls were queued.');
      try {
        const { batchId } = await deps.voice.submitBatchCall({
          callName: input.callName,
          agentId: caller.agentId,
          agentPhoneNumberId: caller.phoneNumberId,
          ...(input.scheduledTimeUnix ? { scheduledTimeUnix: input.scheduledTimeUnix } : {}),
          recipients: attempts.map(({ attempt, contact }) => ({
            phoneNumber: contact.phoneNumber,
            userId: attempt.id,
            ...callContentOf(contact, campaign),
          })),
        });
        await recordBatch(
          deps.db,
          attempts.map(({ attempt }) => attempt.id),
          batchId,
        );
        return {
          batchCallId: batchId,
          queued: attempts.length,
          skipped: requested.length - attempts.length,
          message: `${attempts.length} contacts queued in "${input.callName}".`,
        };
      } catch (error) {
        // The provider refused the batch: none of its calls will be placed, so the contacts are due again.
        for (const { attempt } of attempts) await dialer.settleNotPlaced(attempt, 'The batch call was refused.', null);
        throw error;
      }
    },
  };
}
