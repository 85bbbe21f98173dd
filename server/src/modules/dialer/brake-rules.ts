import { isBillingUsable } from '@shared/domain/roles';

/** The failure-rate brake: of the campaign's last this many settled calls… */
export const FAILURE_WINDOW = 20;
/** …this share failing pauses it. */
const FAILURE_SHARE = 0.5;

/** A reason to pause the campaign; `skip` when it must only wait (billing not usable yet, outbound not enabled). */
export type Brake = string | 'skip' | null;

/** The provider's agent and number that place a campaign's calls. */
export interface Caller {
  agentId: string;
  phoneNumberId: string;
}

/** The tenant's billing and plan brakes. */
export function billingBrake(tenant: { billingStatus: string; outboundCallingEnabled: boolean }): Brake {
  if (tenant.billingStatus === 'delinquent') return 'Paused: the account’s payment is past due.';
  if (tenant.billingStatus === 'canceled') return 'Paused: the subscription was cancelled.';
  if (!isBillingUsable(tenant.billingStatus) || !tenant.outboundCallingEnabled) return 'skip';
  return null;
}

/** The minutes brake: the month's included minutes and the overage cap are used up. */
export function minutesBrake(minutesUsed: number, minutesIncluded: number, overageCapMinutes: number): Brake {
  if (minutesUsed >= minutesIncluded + overageCapMinutes) {
    return 'Paused: this month’s minutes and the overage cap are used up.';
  }
  return null;
}

/** The campaign's own brake, from its latest settled outcomes (newest first, at most FAILURE_WINDOW). */
export function failureBrake(outcomes: readonly string[]): Brake {
  const failed = outcomes.filter((outcome) => outcome === 'failed').length;
  if (outcomes.length >= FAILURE_WINDOW && failed / outcomes.length >= FAILURE_SHARE) {
    return `Paused: ${failed} of the last ${outcomes.length} calls failed.`;
  }
  return null;
}

/** The caller of a campaign's calls from its agent and that agent's number, or why the campaign must pause. */
export function callerOrBrake(
  agent: { active: boolean; elevenlabsAgentId: string | null } | null,
  number: { elevenlabsPhoneNumberId: string | null } | null | undefined,
): Caller | { brake: string } {
  if (!agent || !agent.active) return { brake: 'The campaign’s agent was deactivated.' };
  if (!agent.elevenlabsAgentId || !number?.elevenlabsPhoneNumberId) {
    return { brake: 'The campaign’s agent has no phone number to call from.' };
  }
  return { agentId: agent.elevenlabsAgentId, phoneNumberId: number.elevenlabsPhoneNumberId };
}
