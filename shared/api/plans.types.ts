/** A plan of the catalogue as the API returns it (spec 000 §3, spec 001 §3). */
export interface Plan {
  id: string;
  name: string;
  description: string;
  /** Cents, in `currency`, like every amount of the plan. */
  basePriceMonthly: number;
  basePriceYearly: number | null;
  /** ISO 4217 in lower case: nzd, usd or aud. */
  currency: string;
  minutesIncluded: number;
  /** Cents per minute beyond the included ones. */
  overageRatePerMinute: number;
  maxAgents: number;
  maxPhoneNumbers: number;
  maxCampaigns: number;
  supportLevel: string;
  phoneNumbersIncluded: number;
  /** Cents per month for each number beyond the included ones. */
  phoneNumberCostMonthly: number;
  multiUserEnabled: boolean;
  active: boolean;
  visible: boolean;
  sortOrder: number;
  stripeProductId: string | null;
}

/** GET plans, plans/visible and admin/plans. */
export interface PlansResponse {
  plans: Plan[];
}

/** POST and PUT admin/plans, POST admin/plans/{id}/sync. */
export interface PlanResponse {
  plan: Plan;
  message: string;
}
