import type { Plan, PlanResponse, PlansResponse } from '@shared/api/plans.types';
import type { PlanInput, PlanUpdate } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { BillingService } from '../billing/billing.service';
import type { TenantsService } from '../tenants/tenants.service';

export type PlansService = ReturnType<typeof createPlansService>;

/** What the payment provider charges from: a change to one of these needs new prices there. */
const PRICED_FIELDS = [
  'currency',
  'basePriceMonthly',
  'basePriceYearly',
  'minutesIncluded',
  'overageRatePerMinute',
] as const;

/** The plan catalogue: what tenants may pick, and the superadmin's plan management (the tenants module stores it). */
export function createPlansService(deps: Pick<AppDeps, 'db'>, tenants: TenantsService, billing: BillingService) {
  async function found(planId: string): Promise<Plan> {
    const plan = await tenants.findPlan(planId);
    if (!plan) throw new DomainError('NOT_FOUND', 'No plan has this id.');
    return plan;
  }

  return {
    /** Plans a tenant may pick on the setup screen: active and visible, in display order. */
    visible: async (): Promise<PlansResponse> => ({ plans: await tenants.listPlans({ visibleOnly: true }) }),

    /** Every active plan. */
    active: async (): Promise<PlansResponse> => ({ plans: await tenants.listPlans({ activeOnly: true }) }),

    /** Every plan, for the superadmin. */
    all: async (): Promise<PlansResponse> => ({ plans: await tenants.listPlans({}) }),

    async create(input: PlanInput): Promise<PlanResponse> {
      if (await tenants.findPlan(input.id)) throw new DomainError('PLAN_ID_TAKEN');
      await tenants.addPlan(deps.db, { ...input, stripeProductId: null });
      return { plan: await found(input.id), message: 'Plan created successfully' };
    },

    async update(planId: string, input: PlanUpdate): Promise<PlanResponse> {
      if (input.id !== undefined && input.id !== planId) {
        throw new DomainError('VALIDATION_FAILED', 'Plan ID cannot be changed', {
          fields: { id: 'Plan ID cannot be changed' },
        });
      }
      const before = await found(planId);
      const repriced = !!before.stripeProductId && PRICED_FIELDS.some((field) => before[field] !== input[field]);
      await tenants.updatePlan({ ...input, id: planId, stripeProductId: before.stripeProductId }, repriced);
      return {
        plan: await found(planId),
        message: repriced
          ? 'Plan updated successfully. Its prices changed: sync it to the payment provider again.'
          : 'Plan updated successfully',
      };
    },

    async sync(planId: string): Promise<PlanResponse> {
      await billing.syncPlan(planId);
      return { plan: await found(planId), message: 'Plan synced to the payment provider successfully' };
    },
  };
}
