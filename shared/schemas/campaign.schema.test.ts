import { describe, expect, it } from 'vitest';
import { ValidationError, type AnySchema } from 'yup';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_MESSAGES, createCampaignSchema, updateCampaignSchema } from './campaign.schema';
import { apiRoutes } from '../api/routes';
import { CONTACT_MESSAGES, createContactSchema, updateContactSchema } from './contact.schema';

const CAMPAIGN = { name: 'Recall', goal: 'Book check-ups', timezone: 'Pacific/Auckland' };

function problems(schema: AnySchema, input: object): Record<string, string> {
  try {
    schema.validateSync(input, { abortEarly: false, stripUnknown: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('campaign schemas', () => {
  it('fills the spec defaults on create', () => {
    expect(createCampaignSchema.validateSync(CAMPAIGN)).toEqual({
      ...CAMPAIGN,
      campaignType: 'inbound',
      callingHoursType: 'specific_hours',
      callingStartTime: '09:00',
      callingEndTime: '17:00',
      daysOfWeek: CAMPAIGN_DEFAULTS.daysOfWeek,
      maxCallsPerDay: 100,
      callIntervalMinutes: 5,
      machineHandling: { action: 'hang_up', message: null, screeningBot: 'human' },
      purpose: 'informational',
    });
  });

  it('says what is missing with the spec messages', () => {
    expect(problems(createCampaignSchema, {})).toEqual({
      name: CAMPAIGN_MESSAGES.nameRequired,
      goal: CAMPAIGN_MESSAGES.goalRequired,
      timezone: CAMPAIGN_MESSAGES.timezoneRequired,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, campaignType: 'outbound' })).toEqual({
      agentId: CAMPAIGN_MESSAGES.agentRequired,
    });
  });

  it('takes the days as an array or as a JSON string, and refuses other days', () => {
    expect(createCampaignSchema.validateSync({ ...CAMPAIGN, daysOfWeek: '["monday","sunday"]' }).daysOfWeek).toEqual([
      'monday',
      'sunday',
    ]);
    expect(problems(createCampaignSchema, { ...CAMPAIGN, daysOfWeek: ['funday'] })).toEqual({
      'daysOfWeek[0]': CAMPAIGN_MESSAGES.daysInvalid,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, daysOfWeek: 'monday' })).toEqual({
      daysOfWeek: CAMPAIGN_MESSAGES.daysInvalid,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, daysOfWeek: [] })).toEqual({
      daysOfWeek: CAMPAIGN_MESSAGES.daysRequired,
    });
  });

  it('checks times, the window order, the zone and the limits', () => {
    expect(problems(createCampaignSchema, { ...CAMPAIGN, callingStartTime: '9:00', callingEndTime: '24:00' })).toEqual({
      callingStartTime: CAMPAIGN_MESSAGES.timeFormat,
      callingEndTime: CAMPAIGN_MESSAGES.timeFormat,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, callingStartTime: '17:00', callingEndTime: '09:00' })).toEqual(
      { callingEndTime: CAMPAIGN_MESSAGES.endAfterStart },
    );
    expect(
      problems(createCampaignSchema, {
        ...CAMPAIGN,
        callingHoursType: 'all_hours',
        callingStartTime: '17:00',
        callingEndTime: '09:00',
      }),
    ).toEqual({});
    expect(problems(createCampaignSchema, { ...CAMPAIGN, timezone: 'Mars/Olympus' })).toEqual({
      timezone: CAMPAIGN_MESSAGES.timezoneInvalid,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, maxCallsPerDay: 0, callIntervalMinutes: 61 })).toEqual({
      maxCallsPerDay: CAMPAIGN_MESSAGES.maxCallsPerDay,
      callIntervalMinutes: CAMPAIGN_MESSAGES.callInterval,
    });
    expect(problems(createCampaignSchema, { ...CAMPAIGN, maxCallsPerDay: '10' })).toEqual({
      maxCallsPerDay: CAMPAIGN_MESSAGES.maxCallsPerDay,
    });
  });

  it('takes a public URL or an upload path as the knowledge source', () => {
    const upload = apiRoutes.uploads.byId('0b7c1d9e-2f4a-4c5b-8d6e-7f8091a2b3c4');
    expect(createCampaignSchema.validateSync({ ...CAMPAIGN, knowledgeUrl: upload }).knowledgeUrl).toBe(upload);
    expect(createCampaignSchema.validateSync({ ...CAMPAIGN, knowledgeUrl: '' }).knowledgeUrl).toBeNull();
    expect(problems(createCampaignSchema, { ...CAMPAIGN, knowledgeUrl: 'http://127.0.0.1/x' })).toHaveProperty(
      'knowledgeUrl',
    );
  });

  it('makes every field optional on update, agentId nullable', () => {
    expect(updateCampaignSchema.validateSync({})).toEqual({});
    expect(updateCampaignSchema.validateSync({ agentId: null })).toEqual({ agentId: null });
    expect(problems(updateCampaignSchema, { name: '' })).toEqual({ name: CAMPAIGN_MESSAGES.nameRequired });
    expect(problems(updateCampaignSchema, { tenantId: 'x' })).toEqual({ '': 'Unknown field: tenantId' });
  });
});

describe('contact schemas', () => {
  it('fills the retry defaults and turns metadata values into text', () => {
    expect(
      createContactSchema.validateSync({ phoneNumber: '+64 21 555 0100', metadata: { age: 42, vip: true } }),
    ).toEqual({
      phoneNumber: '+64 21 555 0100',
      maxRetries: 3,
      retryDelayMinutes: 30,
      metadata: { age: '42', vip: 'true' },
    });
  });

  it('checks the ranges of the spec', () => {
    expect(problems(createContactSchema, { phoneNumber: 'call me', maxRetries: 11, retryDelayMinutes: 0 })).toEqual({
      phoneNumber: CONTACT_MESSAGES.phoneInvalid,
      maxRetries: CONTACT_MESSAGES.maxRetries,
      retryDelayMinutes: CONTACT_MESSAGES.retryDelay,
    });
    expect(problems(createContactSchema, {})).toEqual({ phoneNumber: CONTACT_MESSAGES.phoneRequired });
    expect(problems(createContactSchema, { phoneNumber: '+6421', metadata: [1] })).toEqual({
      metadata: CONTACT_MESSAGES.metadata,
    });
    expect(problems(updateContactSchema, { scheduledFor: 'tomorrow' })).toEqual({
      scheduledFor: CONTACT_MESSAGES.scheduledFor,
    });
    expect(problems(updateContactSchema, { conversationConfig: { prompt: 'Be brief', voice: 'x' } })).toEqual({
      conversationConfig: 'Unknown field: voice',
    });
  });
});

describe('campaign machine handling', () => {
  const base = { name: 'Recall', goal: 'Book check-ups', timezone: 'UTC' };
  const problem = (machineHandling: unknown) => {
    try {
      createCampaignSchema.validateSync({ ...base, machineHandling }, { abortEarly: false });
      return null;
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('needs a message of at most 1000 characters to leave one, and drops a message when hanging up', () => {
    expect(problem({ action: 'leave_message' })).toEqual([CAMPAIGN_MESSAGES.machineMessageRequired]);
    expect(problem({ action: 'leave_message', message: 'x'.repeat(1001) })).toEqual([
      CAMPAIGN_MESSAGES.machineMessageLength,
    ]);
    expect(problem({ action: 'leave_message', message: 'Hi {{first_name}}' })).toBeNull();
    expect(
      createCampaignSchema.validateSync({ ...base, machineHandling: { action: 'hang_up', message: 'Hi' } })
        .machineHandling,
    ).toEqual({ action: 'hang_up', message: null, screeningBot: 'human' });
  });

  it('refuses unknown actions, treatments, fields and shapes', () => {
    expect(problem({ action: 'shout' })).toEqual([CAMPAIGN_MESSAGES.machineAction]);
    expect(problem({ screeningBot: 'robot' })).toEqual([CAMPAIGN_MESSAGES.screeningBot]);
    expect(problem({ extra: 1 })).toEqual(['Unknown field: machineHandling.extra']);
    expect(problem('hang_up')).toEqual(['Machine handling must be an object']);
  });
});
