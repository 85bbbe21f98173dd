/** A plan of the catalogue as the API returns it (spec 000 §3, spec 001 §3); amounts in cents of `currency`. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  basePriceMonthly: number;
  basePriceYearly: number | null;
  currency: string;
  minutesIncluded: number;
  overageRatePerMinute: number;
  maxAgents: number;
  maxPhoneNumbers: number;
  maxCampaigns: number;
  supportLevel: string;
  phoneNumbersIncluded: number;
  phoneNumberCostMonthly: number;
  multiUserEnabled: boolean;
  active: boolean;
  visible: boolean;
  sortOrder: number;
  stripeProductId: string | null;
}
