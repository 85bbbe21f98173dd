import { boolean, mixed, number, object, type InferType } from 'yup';
import { BILLING_STATUSES, type BillingStatus } from '../domain/roles';
import { fromQueryText, lowercaseText, text, trimmedText } from './strict-text.schema';

/** Billing, subscription, plan and admin billing requests (spec 001 §5 and §9); the forms use the same schemas. */

export const PLAN_CURRENCIES = ['nzd', 'usd', 'aud'] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];
export const SUPPORT_LEVELS = ['basic', 'standard', 'priority'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** What a superadmin may set; inactive is only where a new tenant starts. */
export const ADMIN_SETTABLE_BILLING_STATUSES = [
  'active',
  'trialing',
  'delinquent',
  'canceled',
] as const satisfies readonly BillingStatus[];

/** Largest amount in cents, minutes or count a plan takes: keeps every sum within a 32-bit integer column. */
export const PLAN_NUMBER_MAX = 10_000_000;

export const PLAN_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const wholeNumber = (label: string) =>
  number()
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(PLAN_NUMBER_MAX, `${label} must be at most ${PLAN_NUMBER_MAX}`);

/** true or false as sent: yup would read 'yes', 1 or 'false' as booleans. */
const flag = (label: string) =>
  boolean()
    .transform((_value: unknown, original: unknown) => original)
    .typeError(`${label} must be true or false`);

const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);

/**
 * A payment provider's object id: its prefix, then letters and digits. Anything else (a lone surrogate, a slash)
 * never reaches the provider's URL, where it would fail as a 500 instead of a 400.
 */
const providerId = (prefix: string, label: string) =>
  trimmedText()
    .required(`${label} is required`)
    .max(255, `${label} is too long`)
    .matches(new RegExp(`^${prefix}[A-Za-z0-9]+$`), `${label} must look like ${prefix}…`);

export const setupIntentConfirmSchema = object({
  setupIntentId: providerId('seti_', 'SetupIntent ID'),
}).noUnknown('Unknown field: ${unknown}');
export type ConfirmPaymentMethodRequest = InferType<typeof setupIntentConfirmSchema>;

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The server also requires the URL to be one of our own origins (it is where the provider sends the user back). */
export const customerPortalSchema = object({
  returnUrl: trimmedText()
    .required('Invalid return URL')
    .max(2048, 'Invalid return URL')
    .test('url', 'Invalid return URL', (value) => value === undefined || isHttpUrl(value)),
}).noUnknown('Unknown field: ${unknown}');
export type CustomerPortalRequest = InferType<typeof customerPortalSchema>;

export const cancelSubscriptionSchema = object({
  /** True cancels at the period's end; false reactivates a subscription set to end. */
  cancelAtPeriodEnd: flag('cancelAtPeriodEnd').default(true),
}).noUnknown('Unknown field: ${unknown}');
export type CancelSubscriptionRequest = InferType<typeof cancelSubscriptionSchema>;

/** The price the client showed; the server charges the plan's own price and refuses a stale one. */
export const planConfigSchema = object({
  amount: number()
    .typeError('Amount must be positive')
    .integer('Amount must be positive')
    .positive('Amount must be positive')
    .max(PLAN_NUMBER_MAX, `Amount must be at most ${PLAN_NUMBER_MAX}`)
    .required('Amount must be positive'),
  currency: lowercaseText().length(3, 'Currency must be 3 characters').required('Currency must be 3 characters'),
  interval: mixed<BillingInterval>()
    .oneOf(BILLING_INTERVALS, 'Interval must be month or year')
    .required('Interval must be month or year'),
  name: trimmedText().required('Plan name is required').max(255, 'Plan name must be at most 255 characters'),
}).noUnknown('Unknown field: ${unknown}');
export type PlanConfig = InferType<typeof planConfigSchema>;

export const subscriptionRequestSchema = object({
  planId: trimmedText().required('Plan ID is required').max(64, 'Plan ID is too long'),
  planConfig: planConfigSchema.default(undefined),
}).noUnknown('Unknown field: ${unknown}');
export type SubscriptionRequest = InferType<typeof subscriptionRequestSchema>;

/** Plan form defaults (spec 001 §9). */
export const PLAN_FORM_DEFAULTS = {
  id: '',
  name: '',
  description: '',
  basePriceMonthly: 0,
  basePriceYearly: null as number | null,
  currency: 'nzd' as PlanCurrency,
  minutesIncluded: 100,
  overageRatePerMinute: 10,
  maxAgents: 1,
  maxPhoneNumbers: 1,
  maxCampaigns: 3,
  phoneNumbersIncluded: 1,
  phoneNumberCostMonthly: 1000,
  supportLevel: 'basic' as SupportLevel,
  multiUserEnabled: false,
  active: true,
  visible: true,
  sortOrder: 0,
};

const planFields = {
  name: trimmedText().required('Plan name is required').max(255, 'Plan name must be at most 255 characters'),
  description: text().max(2000, 'Description must be at most 2000 characters').default(''),
  basePriceMonthly: wholeNumber('Monthly price').required('Monthly price is required'),
  basePriceYearly: wholeNumber('Yearly price').transform(emptyToNull).nullable().default(null),
  currency: lowercaseText()
    .oneOf(PLAN_CURRENCIES, 'Currency must be one of nzd, usd or aud')
    .default(PLAN_FORM_DEFAULTS.currency),
  minutesIncluded: wholeNumber('Minutes included').required('Minutes included is required'),
  overageRatePerMinute: wholeNumber('Overage rate').required('Overage rate is required'),
  maxAgents: wholeNumber('Max agents').required('Max agents is required'),
  maxPhoneNumbers: wholeNumber('Max phone numbers').required('Max phone numbers is required'),
  maxCampaigns: wholeNumber('Max campaigns').required('Max campaigns is required'),
  phoneNumbersIncluded: wholeNumber('Phone numbers included').default(PLAN_FORM_DEFAULTS.phoneNumbersIncluded),
  phoneNumberCostMonthly: wholeNumber('Phone number cost').default(PLAN_FORM_DEFAULTS.phoneNumberCostMonthly),
  supportLevel: mixed<SupportLevel>()
    .oneOf(SUPPORT_LEVELS, 'Support level must be basic, standard or priority')
    .default(PLAN_FORM_DEFAULTS.supportLevel),
  multiUserEnabled: flag('multiUserEnabled').default(false),
  active: flag('active').default(true),
  visible: flag('visible').default(true),
  sortOrder: number()
    .typeError('Sort order must be a number')
    .integer('Sort order must be a whole number')
    .min(-1_000_000, 'Sort order is out of range')
    .max(1_000_000, 'Sort order is out of range')
    .default(0),
};

/** POST admin/plans. */
export const createPlanSchema = object({
  id: lowercaseText()
    .required('Plan ID is required')
    .matches(PLAN_ID_PATTERN, 'Plan ID must be lower-case letters, digits, - or _ (at most 64)'),
  ...planFields,
}).noUnknown('Unknown field: ${unknown}');
export type PlanInput = InferType<typeof createPlanSchema>;

/** PUT admin/plans/{id}: the id is the path's and cannot change once editing. */
export const updatePlanSchema = object({
  id: lowercaseText().optional(),
  ...planFields,
}).noUnknown('Unknown field: ${unknown}');
export type PlanUpdate = InferType<typeof updatePlanSchema>;

/** PATCH admin/tenants/{id}/billing: a billing status, a plan, or both. */
export const tenantBillingUpdateSchema = object({
  billingStatus: mixed<(typeof ADMIN_SETTABLE_BILLING_STATUSES)[number]>().oneOf(
    ADMIN_SETTABLE_BILLING_STATUSES,
    `Billing status must be one of ${ADMIN_SETTABLE_BILLING_STATUSES.join(', ')}`,
  ),
  planId: trimmedText().min(1, 'Plan ID is required').max(64, 'Plan ID is too long'),
})
  .noUnknown('Unknown field: ${unknown}')
  .test('one-of', 'Send billingStatus or planId', (value) => !!value.billingStatus || !!value.planId);
export type TenantBillingUpdate = InferType<typeof tenantBillingUpdateSchema>;

export const ADMIN_TENANT_SORT_FIELDS = [
  'name',
  'ownerEmail',
  'planName',
  'billingStatus',
  'minutesUsed',
  'billingCost',
  'createdAt',
] as const;
export type AdminTenantSortField = (typeof ADMIN_TENANT_SORT_FIELDS)[number];
export const ADMIN_TENANTS_PAGE_SIZE_MAX = 100;

const queryNumber = (label: string) =>
  number()
    .transform(fromQueryText)
    .typeError(`${label} must be a whole number`)
    .integer(`${label} must be a whole number`);

/** Query of GET admin/tenants/billing: a zero-based page of the DataGrid, its sort and its search. */
export const adminTenantsQuerySchema = object({
  page: queryNumber('page').min(0, 'page must not be negative').max(1_000_000, 'page is out of range').default(0),
  pageSize: queryNumber('pageSize')
    .min(1, 'pageSize must be at least 1')
    .max(ADMIN_TENANTS_PAGE_SIZE_MAX, `pageSize must be at most ${ADMIN_TENANTS_PAGE_SIZE_MAX}`)
    .default(25),
  sortField: mixed<AdminTenantSortField>()
    .oneOf(ADMIN_TENANT_SORT_FIELDS, `sortField must be one of ${ADMIN_TENANT_SORT_FIELDS.join(', ')}`)
    .default('name'),
  sortOrder: mixed<'asc' | 'desc'>().oneOf(['asc', 'desc'], 'sortOrder must be asc or desc').default('asc'),
  search: trimmedText().max(100, 'search must be at most 100 characters').default(''),
}).noUnknown('Unknown field: ${unknown}');
export type AdminTenantsQuery = InferType<typeof adminTenantsQuerySchema>;

export const USAGE_HISTORY_LIMIT_MAX = 24;

export const usageHistoryQuerySchema = object({
  limit: queryNumber('limit')
    .min(1, 'limit must be at least 1')
    .max(USAGE_HISTORY_LIMIT_MAX, `limit must be at most ${USAGE_HISTORY_LIMIT_MAX}`)
    .default(12),
}).noUnknown('Unknown field: ${unknown}');

export const isBillingStatus = (value: unknown): value is BillingStatus =>
  (BILLING_STATUSES as readonly unknown[]).includes(value);
