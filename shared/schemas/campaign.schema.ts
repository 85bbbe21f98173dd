import { array, boolean, mixed, number, object, type InferType } from 'yup';
import {
  MACHINE_ACTIONS,
  MACHINE_HANDLING_DEFAULT,
  MACHINE_MESSAGE_MAX,
  SCREENING_BOT_TREATMENTS,
  type MachineAction,
  type MachineHandling,
  type ScreeningBotTreatment,
} from '../domain/machine-handling';
import { publicUrlProblem } from '../domain/public-url';
import { trimmedText } from './strict-text.schema';
import { countryCode } from './tenant.schema';
import { uploadIdFromPath } from './upload.schema';

/** Campaign create and update (spec 000 §5 rules, §9 defaults and timezone choices): the dialogs and the API. */
export const CAMPAIGN_TYPES = ['inbound', 'outbound'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** Marketing campaigns call only contacts that gave marketing consent; informational ones any contact. */
export const CAMPAIGN_PURPOSES = ['informational', 'marketing'] as const;
export type CampaignPurpose = (typeof CAMPAIGN_PURPOSES)[number];

export const CALLING_HOURS_TYPES = ['specific_hours', 'all_hours'] as const;
export type CallingHoursType = (typeof CALLING_HOURS_TYPES)[number];

export const DAYS_OF_WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const CAMPAIGN_LIMITS = {
  name: 255,
  goal: 2000,
  knowledgeUrl: 2048,
  maxCallsPerDay: { min: 1, max: 1000 },
  callIntervalMinutes: { min: 1, max: 60 },
} as const;

export const CAMPAIGN_DEFAULTS = {
  campaignType: 'inbound' as CampaignType,
  purpose: 'informational' as CampaignPurpose,
  callingHoursType: 'specific_hours' as CallingHoursType,
  callingStartTime: '09:00',
  callingEndTime: '17:00',
  timezone: 'UTC',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as DayOfWeek[],
  maxCallsPerDay: 100,
  callIntervalMinutes: 5,
};

/** The timezone choices of the create dialog (spec 000 §9); the API takes any IANA zone (the browser's own). */
export const TIMEZONE_CHOICES = [
  { value: 'Pacific/Auckland', label: 'Auckland' },
  { value: 'Australia/Sydney', label: 'Sydney' },
  { value: 'Australia/Melbourne', label: 'Melbourne' },
  { value: 'Australia/Brisbane', label: 'Brisbane' },
  { value: 'Australia/Perth', label: 'Perth' },
  { value: 'America/New_York', label: 'US Eastern' },
  { value: 'America/Chicago', label: 'US Central' },
  { value: 'America/Denver', label: 'US Mountain' },
  { value: 'America/Los_Angeles', label: 'US Pacific' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Asia/Singapore', label: 'Singapore' },
  { value: 'UTC', label: 'UTC' },
] as const;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Campaign name is required',
  goalRequired: 'Campaign goal is required',
  timezoneRequired: 'Timezone is required',
  timezoneInvalid: 'Timezone must be a known time zone',
  timeFormat: 'Invalid time format (use HH:MM)',
  endAfterStart: 'End time must be after start time',
  daysInvalid: 'Days of week must be chosen from monday to sunday',
  daysRequired: 'Choose at least one day of the week',
  agentRequired: 'An agent is required for outbound campaigns',
  maxCallsPerDay: `Max calls per day must be a whole number from ${CAMPAIGN_LIMITS.maxCallsPerDay.min} to ${CAMPAIGN_LIMITS.maxCallsPerDay.max}`,
  callInterval: `Call interval must be a whole number of minutes from ${CAMPAIGN_LIMITS.callIntervalMinutes.min} to ${CAMPAIGN_LIMITS.callIntervalMinutes.max}`,
  knowledgeUrl: 'Knowledge source must be a public URL or an uploaded PDF',
  machineAction: 'Machine action must be hang_up or leave_message',
  screeningBot: 'Screening bots must be treated as human or machine',
  machineMessageRequired: 'A voicemail message is required to leave one',
  machineMessageLength: `The voicemail message must be at most ${MACHINE_MESSAGE_MAX} characters`,
  /** Why a new outbound campaign is not calling: nobody is called before its contacts and preview were seen. */
  notStarted: 'Not started yet: add or import contacts, check the preview and start calling with Resume.',
} as const;

/** HH:MM on a 24-hour clock. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the runtime knows the IANA zone; Intl refuses unknown ones, so no zone table is shipped. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A form or an older client may send the days as a JSON string (spec 000 §3); anything else stays as sent. */
function parseDaysText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const ID_MAX = 64;
const emptyToNull = (value: unknown, original: unknown) => (original === '' ? null : value);

const text = (max: number, label: string) => trimmedText().max(max, `${label} must be at most ${max} characters`);

/** A whole number in [min, max], taken as it arrives: yup's cast would read the text "10" as 10. */
export function wholeNumber(min: number, max: number, message: string) {
  const schema = number().typeError(message);
  schema.transforms = [];
  return schema.integer(message).min(min, message).max(max, message);
}

const timeOfDay = () => trimmedText().matches(TIME_OF_DAY, CAMPAIGN_MESSAGES.timeFormat);

const timezone = () =>
  trimmedText().test('timezone', CAMPAIGN_MESSAGES.timezoneInvalid, (zone) => !zone || isKnownTimezone(zone));

const daysOfWeek = () =>
  array()
    .transform((value: unknown, original: unknown) => parseDaysText(original) as DayOfWeek[])
    .typeError(CAMPAIGN_MESSAGES.daysInvalid)
    .of(
      mixed<DayOfWeek>()
        .oneOf([...DAYS_OF_WEEK], CAMPAIGN_MESSAGES.daysInvalid)
        .defined(),
    )
    .min(1, CAMPAIGN_MESSAGES.daysRequired)
    .test(
      'unique-days',
      'Each day of the week may be chosen once',
      (days) => !days || new Set(days).size === days.length,
    );

/** A public http(s) page, or the path of one of the tenant's uploaded PDFs (the upload answer's `url`). */
const knowledgeUrl = () =>
  trimmedText()
    .transform(emptyToNull)
    .max(CAMPAIGN_LIMITS.knowledgeUrl, CAMPAIGN_MESSAGES.knowledgeUrl)
    .test('knowledge-url', CAMPAIGN_MESSAGES.knowledgeUrl, function check(value) {
      if (!value || uploadIdFromPath(value)) return true;
      const problem = publicUrlProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    })
    .nullable()
    .optional();

const idRef = () => trimmedText().max(ID_MAX, 'Invalid id').transform(emptyToNull).nullable().optional();

/** Start before end, where both are given and the hours are specific. */
export function callingWindowInOrder(value: {
  callingHoursType?: string;
  callingStartTime?: string;
  callingEndTime?: string;
}) {
  const { callingHoursType, callingStartTime: start, callingEndTime: end } = value;
  if (callingHoursType === 'all_hours' || !start || !end) return true;
  if (!TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end)) return true;
  return start < end;
}

/**
 * What to do when a machine answers: hang up, or leave `message` after the beep (`{{name}}` filled from the
 * contact's metadata; a variable a contact has no value for is left out of its message); and whether a call-screening
 * bot is answered as a person or treated as a machine. A message sent with hang_up is dropped.
 */
const MACHINE_HANDLING_FIELDS: readonly string[] = ['action', 'message', 'screeningBot'];

const machineHandling = () =>
  object({
    action: mixed<MachineAction>()
      .oneOf([...MACHINE_ACTIONS], CAMPAIGN_MESSAGES.machineAction)
      .default(MACHINE_HANDLING_DEFAULT.action),
    message: trimmedText()
      .transform(emptyToNull)
      .max(MACHINE_MESSAGE_MAX, CAMPAIGN_MESSAGES.machineMessageLength)
      .nullable()
      .default(null)
      .when('action', {
        is: 'leave_message',
        then: (schema) => schema.required(CAMPAIGN_MESSAGES.machineMessageRequired),
      }),
    screeningBot: mixed<ScreeningBotTreatment>()
      .oneOf([...SCREENING_BOT_TREATMENTS], CAMPAIGN_MESSAGES.screeningBot)
      .default(MACHINE_HANDLING_DEFAULT.screeningBot),
  })
    .typeError('Machine handling must be an object')
    .test('known-fields', 'Unknown field', function known() {
      const original: unknown = this.originalValue;
      if (typeof original !== 'object' || original === null) return true;
      const unknown = Object.keys(original).filter((key) => !MACHINE_HANDLING_FIELDS.includes(key));
      return (
        unknown.length === 0 || this.createError({ message: `Unknown field: machineHandling.${unknown.join(', ')}` })
      );
    })
    .transform((value: unknown) =>
      value && typeof value === 'object' && (value as MachineHandling).action === 'hang_up'
        ? { ...value, message: null }
        : value,
    );

const fields = {
  name: text(CAMPAIGN_LIMITS.name, 'Campaign name'),
  goal: text(CAMPAIGN_LIMITS.goal, 'Campaign goal'),
  knowledgeUrl: knowledgeUrl(),
  campaignType: mixed<CampaignType>().oneOf([...CAMPAIGN_TYPES], 'Campaign type must be inbound or outbound'),
  agentId: idRef(),
  purpose: mixed<CampaignPurpose>().oneOf([...CAMPAIGN_PURPOSES], 'Purpose must be informational or marketing'),
  callingHoursType: mixed<CallingHoursType>().oneOf(
    [...CALLING_HOURS_TYPES],
    'Calling hours must be specific_hours or all_hours',
  ),
  callingStartTime: timeOfDay(),
  callingEndTime: timeOfDay(),
  timezone: timezone(),
  defaultCountry: countryCode(),
  daysOfWeek: daysOfWeek(),
  maxCallsPerDay: wholeNumber(
    CAMPAIGN_LIMITS.maxCallsPerDay.min,
    CAMPAIGN_LIMITS.maxCallsPerDay.max,
    CAMPAIGN_MESSAGES.maxCallsPerDay,
  ),
  callIntervalMinutes: wholeNumber(
    CAMPAIGN_LIMITS.callIntervalMinutes.min,
    CAMPAIGN_LIMITS.callIntervalMinutes.max,
    CAMPAIGN_MESSAGES.callInterval,
  ),
  machineHandling: machineHandling(),
};

export const createCampaignSchema = object({
  name: fields.name.required(CAMPAIGN_MESSAGES.nameRequired),
  goal: fields.goal.required(CAMPAIGN_MESSAGES.goalRequired),
  knowledgeUrl: fields.knowledgeUrl,
  campaignType: fields.campaignType.default(CAMPAIGN_DEFAULTS.campaignType),
  agentId: fields.agentId.when('campaignType', {
    is: 'outbound',
    then: (schema) => schema.required(CAMPAIGN_MESSAGES.agentRequired),
  }),
  purpose: fields.purpose.default(CAMPAIGN_DEFAULTS.purpose),
  callingHoursType: fields.callingHoursType.default(CAMPAIGN_DEFAULTS.callingHoursType),
  callingStartTime: fields.callingStartTime.default(CAMPAIGN_DEFAULTS.callingStartTime),
  callingEndTime: fields.callingEndTime.default(CAMPAIGN_DEFAULTS.callingEndTime),
  timezone: fields.timezone.required(CAMPAIGN_MESSAGES.timezoneRequired),
  /** The tenant's country when not given. */
  defaultCountry: fields.defaultCountry.optional(),
  daysOfWeek: fields.daysOfWeek.default(() => [...CAMPAIGN_DEFAULTS.daysOfWeek]),
  maxCallsPerDay: fields.maxCallsPerDay.default(CAMPAIGN_DEFAULTS.maxCallsPerDay),
  callIntervalMinutes: fields.callIntervalMinutes.default(CAMPAIGN_DEFAULTS.callIntervalMinutes),
  machineHandling: fields.machineHandling.default(() => ({ ...MACHINE_HANDLING_DEFAULT })),
})
  .noUnknown('Unknown field: ${unknown}')
  .test('window-order', CAMPAIGN_MESSAGES.endAfterStart, function check(value) {
    return (
      callingWindowInOrder(value) ||
      this.createError({ path: 'callingEndTime', message: CAMPAIGN_MESSAGES.endAfterStart })
    );
  });
export type CreateCampaignRequest = InferType<typeof createCampaignSchema>;

/**
 * Update: every field optional, agentId nullable (null unassigns). The start-before-end rule is checked here when
 * both times come, and by the server against the stored values otherwise.
 */
export const updateCampaignSchema = object({
  name: fields.name.min(1, CAMPAIGN_MESSAGES.nameRequired).optional(),
  goal: fields.goal.min(1, CAMPAIGN_MESSAGES.goalRequired).optional(),
  knowledgeUrl: fields.knowledgeUrl,
  campaignType: fields.campaignType.optional(),
  agentId: fields.agentId,
  purpose: fields.purpose.optional(),
  callingHoursType: fields.callingHoursType.optional(),
  callingStartTime: fields.callingStartTime.optional(),
  callingEndTime: fields.callingEndTime.optional(),
  timezone: fields.timezone.min(1, CAMPAIGN_MESSAGES.timezoneRequired).optional(),
  defaultCountry: fields.defaultCountry.optional(),
  daysOfWeek: fields.daysOfWeek.optional(),
  maxCallsPerDay: fields.maxCallsPerDay.optional(),
  callIntervalMinutes: fields.callIntervalMinutes.optional(),
  machineHandling: fields.machineHandling.default(undefined).optional(),
  /** Reactivates a deactivated campaign (DELETE deactivates one that has history). */
  active: boolean().strict().typeError('Active must be true or false').optional(),
})
  .noUnknown('Unknown field: ${unknown}')
  .test('window-order', CAMPAIGN_MESSAGES.endAfterStart, function check(value) {
    return (
      callingWindowInOrder(value) ||
      this.createError({ path: 'callingEndTime', message: CAMPAIGN_MESSAGES.endAfterStart })
    );
  });
export type UpdateCampaignRequest = InferType<typeof updateCampaignSchema>;

/** Why a campaign was paused by hand (the dialer pauses with its own reasons). */
export const pauseCampaignSchema = object({
  reason: text(500, 'Reason').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type PauseCampaignRequest = InferType<typeof pauseCampaignSchema>;
