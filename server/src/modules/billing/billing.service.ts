import type { Knex } from 'knex';
import type { BillingStatusResponse } from '@shared/api/billing.types';
import type { AppDeps } from '../../app-deps';
import { isoNow, monthKey } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { TenantsService } from '../tenants/tenants.service';
import { insertPhoneNumberCharge } from './billing.store';

export type BillingService = ReturnType<typeof createBillingService>;

/** What a tenant is billed: its billing status for the gate and setup screens, and its phone numbers' charges. */
export function createBillingService(deps: Pick<AppDeps, 'clock'>, tenants: TenantsService) {
  return {
    async status(tenantId: string): Promise<BillingStatusResponse> {
      const [tenant, plan] = await Promise.all([tenants.get(tenantId), tenants.plan(tenantId)]);
      return {
        billingStatus: tenant.billingStatus,
        plan: plan.name,
        hasPaymentMethod: tenant.hasPaymentMethod,
        stripeCustomerId: tenant.stripeCustomerId,
        paymentMethods: [],
      };
    },

    /** Records this month's charge of a number bought in `trx`, so both commit or neither does. */
    async chargePhoneNumber(
      trx: Knex.Transaction,
      tenantId: string,
      phoneNumberId: string,
      charge: { costMonthly: number; includedInPlan: boolean },
    ): Promise<void> {
      await insertPhoneNumberCharge(
        trx,
        tenantId,
        { id: newId(), phoneNumberId, month: monthKey(deps.clock.now()), ...charge },
        isoNow(deps.clock),
      );
    },
  };
}
