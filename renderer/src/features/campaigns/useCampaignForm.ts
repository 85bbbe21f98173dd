import type { SchemaFormState } from '../../components/forms/SchemaFormDialogBody';
import { useState } from 'react';
import type { SchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useGetAgentsQuery } from '../agents';
import { useGetTenantQuery } from '../tenant';
import type { CampaignInputsProps, CampaignInputsValues } from './CampaignInputs';

interface CampaignFormOptions<T extends CampaignInputsValues> {
  form: SchemaForm<T>;
  /** The toast title and the text under the form when saving fails (spec 000 §8). */
  failure: { title: string; text: string };
  /** Saves the checked values; throws what the API threw. */
  save: (values: T, outboundEnabled: boolean) => Promise<void>;
}

export interface CampaignFormState<T extends CampaignInputsValues> extends SchemaFormState<T> {
  inputs: CampaignInputsProps;
}

/**
 * What the create and edit dialogs share: the tenant's outbound gate, the agents to choose from, and a failed save
 * reported beside the fields, in a toast and under the form.
 */
export function useCampaignForm<T extends CampaignInputsValues>({
  form,
  failure,
  save,
}: CampaignFormOptions<T>): CampaignFormState<T> {
  const { data: tenant } = useGetTenantQuery();
  const { data: agents = [] } = useGetAgentsQuery();
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const outboundEnabled = tenant?.tenant.outboundCallingEnabled ?? false;

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await save(values, outboundEnabled);
    } catch (error) {
      const message = form.reportServerError(error, 'Unknown error occurred');
      if (message !== null) {
        toast({ title: failure.title, description: message, variant: 'destructive' });
        setSubmitError(failure.text);
      }
    }
  });

  return {
    form,
    submit,
    submitError,
    inputs: { outboundEnabled, agents: agents.filter((agent) => agent.active) },
  };
}
