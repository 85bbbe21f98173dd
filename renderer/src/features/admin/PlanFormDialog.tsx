import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { NumberSchema } from 'yup';
import type { Plan } from '@shared/api/plans.types';
import {
  createPlanSchema,
  PLAN_CURRENCIES,
  PLAN_FORM_DEFAULTS,
  SUPPORT_LEVELS,
  type PlanInput,
} from '@shared/schemas/billing.schema';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { FormDialog, FormDialogBody } from '../../components/forms/FormDialog';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useCreatePlanMutation, useUpdatePlanMutation } from './adminBillingApi';

type PlanForm = PlanInput;

/** The required numbers of the form: non-numeric input becomes 0 there (spec 001 §5). */
const REQUIRED_NUMBERS = [
  'basePriceMonthly',
  'minutesIncluded',
  'overageRatePerMinute',
  'maxAgents',
  'maxPhoneNumbers',
  'maxCampaigns',
  'phoneNumbersIncluded',
  'phoneNumberCostMonthly',
] as const;

const zeroIfNotNumber = (value: unknown) => (typeof value === 'number' && Number.isNaN(value) ? 0 : value);

/** The request's schema, read as the form reads its numbers; the server checks the request itself with the original. */
const planFormSchema = createPlanSchema.shape(
  Object.fromEntries(
    REQUIRED_NUMBERS.map((name) => [name, (createPlanSchema.fields[name] as NumberSchema).transform(zeroIfNotNumber)]),
  ),
) as unknown as typeof createPlanSchema;

/** A plan's values in the form: every field of the form, from the plan. */
function formValuesOf(plan: Plan): PlanForm {
  const values = Object.fromEntries(
    Object.keys(PLAN_FORM_DEFAULTS).map((key) => [key, plan[key as keyof Plan]]),
  ) as unknown as PlanForm;
  return { ...values, description: plan.description ?? '' };
}

interface PlanFormDialogProps {
  open: boolean;
  /** The plan being edited; none to create one. */
  plan: Plan | null;
  onClose: () => void;
}

/** Create or edit a plan (spec 001 §5 and §9): the id is fixed once the plan exists. */
export function PlanFormDialog({ open, plan, onClose }: PlanFormDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md">
      <PlanFormBody plan={plan} onClose={onClose} />
    </FormDialog>
  );
}

function PlanSwitch({
  control,
  name,
  label,
}: {
  control: Control<PlanForm>;
  name: 'active' | 'multiUserEnabled' | 'visible';
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={<Switch checked={Boolean(field.value)} onChange={(_event, checked) => field.onChange(checked)} />}
        />
      )}
    />
  );
}

function PlanFormBody({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const editing = Boolean(plan);
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm(
    planFormSchema,
    plan ? formValuesOf(plan) : (PLAN_FORM_DEFAULTS as PlanForm),
  );
  const [createPlan] = useCreatePlanMutation();
  const [updatePlan] = useUpdatePlanMutation();
  const [error, setError] = useState<string | null>(null);
  const { toast } = useToast();

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      if (plan) await updatePlan({ ...values, id: plan.id }).unwrap();
      else await createPlan(values).unwrap();
      toast({ title: editing ? 'Plan updated successfully' : 'Plan created successfully', description: values.name });
      onClose();
    } catch (failure) {
      setError(reportServerError(failure, editing ? 'Failed to update plan' : 'Failed to create plan'));
    }
  });

  const number = (name: keyof PlanForm, label: string, required = true) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={required}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <FormDialogBody
      title={editing ? `Edit Plan: ${plan?.name}` : 'Create Plan'}
      intro={`Prices and rates are in cents of the plan's currency.${editing ? ' The plan ID cannot be changed.' : ''}`}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={editing ? 'Save Plan' : 'Create Plan'}
      error={error}
      onCancel={onClose}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <FormTextField control={control} name="id" label="Plan ID" required disabled={editing} />
        <FormTextField control={control} name="name" label="Name" required />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
        </Box>
        {number('basePriceMonthly', 'Monthly price (cents)')}
        {number('basePriceYearly', 'Yearly price (cents)', false)}
        <FormSelectField control={control} name="currency" label="Currency" required>
          {PLAN_CURRENCIES.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency.toUpperCase()}
            </MenuItem>
          ))}
        </FormSelectField>
        {number('minutesIncluded', 'Minutes included')}
        {number('overageRatePerMinute', 'Overage rate (cents per minute)')}
        {number('maxAgents', 'Max agents')}
        {number('maxPhoneNumbers', 'Max phone numbers')}
        {number('maxCampaigns', 'Max campaigns')}
        {number('phoneNumbersIncluded', 'Phone numbers included')}
        {number('phoneNumberCostMonthly', 'Cost per extra number (cents per month)')}
        <FormSelectField control={control} name="supportLevel" label="Support level" required>
          {SUPPORT_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {level.charAt(0).toUpperCase() + level.slice(1)}
            </MenuItem>
          ))}
        </FormSelectField>
        {number('sortOrder', 'Sort order', false)}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <PlanSwitch control={control} name="active" label="Active" />
          <PlanSwitch control={control} name="visible" label="Visible to tenants" />
          <PlanSwitch control={control} name="multiUserEnabled" label="Multi-user" />
        </Box>
      </Box>
    </FormDialogBody>
  );
}
