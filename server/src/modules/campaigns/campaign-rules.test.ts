import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '@shared/schemas/campaign.schema';
import {
  assertWithoutAgent,
  campaignEditChecks,
  campaignLimitReached,
  initialPause,
  isRunningOutbound,
  toCampaign,
} from './campaign-rules';
import type { CampaignRecord } from './campaigns.store';

const campaign: CampaignRecord = {
  id: 'campaign-1',
  tenantId: 'tenant-1',
  name: 'Recall',
  goal: '',
  knowledgeUrl: null,
  active: true,
  campaignType: 'inbound',
  purpose: 'informational',
  agentId: 'agent-1',
  callingHoursType: 'specific_hours',
  callingStartTime: '09:00',
  callingEndTime: '17:00',
  timezone: 'Pacific/Auckland',
  defaultCountry: 'NZ',
  daysOfWeek: ['monday'],
  maxCallsPerDay: 100,
  callIntervalMinutes: 1,
  machineHandling: { action: 'hang_up', message: null, screeningBot: 'human' },
  pausedReason: null,
  pausedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const none = { outbound: false, agentId: null, knowledge: false, reactivated: false };

describe('campaign rules', () => {
  it('dials only in an active, outbound, unpaused campaign', () => {
    const outbound = { active: true, campaignType: 'outbound' as const, pausedReason: null };
    expect(isRunningOutbound(outbound)).toBe(true);
    expect(isRunningOutbound({ ...outbound, active: false })).toBe(false);
    expect(isRunningOutbound({ ...outbound, campaignType: 'inbound' })).toBe(false);
    expect(isRunningOutbound({ ...outbound, pausedReason: 'Paused by hand' })).toBe(false);
  });

  it('shows clients no tenant, and says how many active campaigns the plan allows', () => {
    expect(toCampaign(campaign)).not.toHaveProperty('tenantId');
    expect(campaignLimitReached(1)).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows up to 1 active campaign. Deactivate a campaign or upgrade your plan to add more.',
    });
    expect(campaignLimitReached(3).message).toContain('up to 3 active campaigns.');
  });

  it('starts an outbound campaign paused until it is resumed, and an inbound one running', () => {
    const now = '2026-03-01T10:00:00.000Z';
    expect(initialPause('outbound', now)).toEqual({ pausedReason: CAMPAIGN_MESSAGES.notStarted, pausedAt: now });
    expect(initialPause('inbound', now)).toEqual({ pausedReason: null, pausedAt: null });
  });

  it('checks outbound calling only when a campaign becomes or comes back as outbound', () => {
    expect(campaignEditChecks(campaign, { name: 'New name' })).toEqual(none);
    expect(campaignEditChecks(campaign, { campaignType: 'outbound' })).toEqual({ ...none, outbound: true });
    const outbound = { ...campaign, campaignType: 'outbound' as const };
    expect(campaignEditChecks(outbound, { name: 'New name' })).toEqual(none);
    expect(campaignEditChecks(outbound, { active: true })).toEqual(none);
    const inactive = { ...outbound, active: false };
    expect(campaignEditChecks(inactive, { active: true })).toEqual({ ...none, outbound: true, reactivated: true });
    expect(campaignEditChecks({ ...campaign, active: false }, { active: true })).toEqual({
      ...none,
      reactivated: true,
    });
    expect(campaignEditChecks(inactive, { active: true, campaignType: 'inbound' })).toEqual({
      ...none,
      reactivated: true,
    });
  });

  it('checks a new agent and any knowledge source given, and refuses a calling window out of order', () => {
    expect(campaignEditChecks(campaign, { agentId: 'agent-1' })).toEqual(none);
    expect(campaignEditChecks(campaign, { agentId: 'agent-2' })).toEqual({ ...none, agentId: 'agent-2' });
    expect(campaignEditChecks(campaign, { knowledgeUrl: null })).toEqual({ ...none, knowledge: true });
    expect(() => campaignEditChecks(campaign, { callingEndTime: '08:00' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        details: { fields: { callingEndTime: expect.any(String) } },
      }),
    );
    expect(campaignEditChecks(campaign, { callingHoursType: 'all_hours', callingEndTime: '08:00' })).toEqual(none);
  });

  it('makes an agent only for a campaign that exists and has none', () => {
    expect(assertWithoutAgent({ id: 'campaign-1', agentId: null })).toEqual({ id: 'campaign-1', agentId: null });
    expect(() => assertWithoutAgent(undefined)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => assertWithoutAgent({ id: 'campaign-1', agentId: 'agent-1' })).toThrow(
      expect.objectContaining({ code: 'CAMPAIGN_HAS_AGENT' }),
    );
  });
});
