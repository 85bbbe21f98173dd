import type { PhoneCosts, PhoneEligibility } from '../domain/phone-billing';
import type { SearchCountry } from '../schemas/phone-number.schema';

/** Phone numbers, their billing and the number search as the API returns them (spec 000 §3 and §7). */

export interface AssignedAgent {
  agent_name: string;
  /** Our agent id. */
  database_agent_id: string;
  /** The voice provider's agent id. */
  agent_id: string | null;
}

export interface PhoneNumber {
  id: string;
  phoneNumber: string;
  label: string | null;
  provider: string;
  country: string | null;
  active: boolean;
  createdAt: string;
  assignedAgentId: string | null;
  assigned_agent: AssignedAgent | null;
}

export interface PhoneNumbersResponse {
  phoneNumbers: PhoneNumber[];
}

/** Eligibility for the next purchase and this month's number costs, in cents (see domain/phone-billing.ts). */
export interface PhoneBillingResponse {
  eligibility: PhoneEligibility;
  currentCosts: PhoneCosts;
  /** The currency of every amount above: the plan's, ISO 4217 in lower case (nzd). */
  currency: string;
}

export interface AvailablePhoneNumber {
  phoneNumber: string;
  friendlyName: string;
  region: string | null;
  locality: string | null;
  isoCountry: string;
  capabilities: { voice: boolean; SMS: boolean };
  /** The spec's field; the telephony provider's number search names no price, so it is null. */
  currentPrice: number | null;
}

export interface AvailableNumbersResponse {
  availableNumbers: AvailablePhoneNumber[];
  country: SearchCountry;
}

export interface PurchasePhoneNumberResponse {
  phoneNumber: PhoneNumber;
  message: string;
  /** What this number adds to the monthly bill, in cents of `currency`; 0 when included in the plan. */
  monthlyCost: number;
  /** The plan's currency, ISO 4217 in lower case (nzd). */
  currency: string;
  includedInPlan: boolean;
}
