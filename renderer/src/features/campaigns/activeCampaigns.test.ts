import { describe, expect, it } from 'vitest';
import type { Campaign } from '@shared/api/campaigns.types';
import { activeCampaigns } from './activeCampaigns';

describe('the tray’s campaigns', () => {
  it('counts the campaigns that are on and not paused', () => {
    const campaign = (id: string, active: boolean, pausedAt: string | null) => ({ id, active, pausedAt }) as Campaign;
    const campaigns = [
      campaign('a', true, null),
      campaign('b', true, '2026-11-23T20:00:00Z'),
      campaign('c', false, null),
      campaign('d', true, null),
    ];
    expect(activeCampaigns(campaigns).map((each) => each.id)).toEqual(['a', 'd']);
  });
});
