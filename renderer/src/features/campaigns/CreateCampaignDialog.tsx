import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPhoneCountry } from '@shared/domain/contact-number';
import { MACHINE_HANDLING_DEFAULT } from '@shared/domain/machine-handling';
import { CAMPAIGN_DEFAULTS, createCampaignSchema, type CreateCampaignRequest } from '@shared/schemas/campaign.schema';
import { FormDialog } from '../../components/forms/FormDialog';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { browserTimezone } from './CampaignInputs';
import { CampaignFormBody } from './CampaignFormBody';
import { useCreateCampaignMutation } from './campaignsApi';
import { useGetTenantQuery } from '../tenant';
import { useCampaignForm } from './useCampaignForm';

interface CreateCampaignDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Create campaign (spec 000 §2): the form lives inside the dialog so that every opening starts afresh. */
export function CreateCampaignDialog({ open, onClose }: CreateCampaignDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="md">
      <CreateCampaignForm onClose={onClose} />
    </FormDialog>
  );
}

function CreateCampaignForm({ onClose }: { onClose: () => void }) {
  const [createCampaign] = useCreateCampaignMutation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const form = useSchemaForm<CreateCampaignRequest>(createCampaignSchema, {
    name: '',
    goal: '',
    knowledgeUrl: '',
    campaignType: CAMPAIGN_DEFAULTS.campaignType,
    agentId: '',
    purpose: CAMPAIGN_DEFAULTS.purpose,
    callingHoursType: CAMPAIGN_DEFAULTS.callingHoursType,
    callingStartTime: CAMPAIGN_DEFAULTS.callingStartTime,
    callingEndTime: CAMPAIGN_DEFAULTS.callingEndTime,
    timezone: browserTimezone(),
    daysOfWeek: [...CAMPAIGN_DEFAULTS.daysOfWeek],
    maxCallsPerDay: CAMPAIGN_DEFAULTS.maxCallsPerDay,
    callIntervalMinutes: CAMPAIGN_DEFAULTS.callIntervalMinutes,
    machineHandling: { ...MACHINE_HANDLING_DEFAULT, message: '' },
  });
  // National numbers are read in the tenant's country unless the admin picks another for this campaign.
  const tenantCountry = useGetTenantQuery().data?.tenant.country;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (isPhoneCountry(tenantCountry) && !getValues('defaultCountry')) setValue('defaultCountry', tenantCountry);
  }, [tenantCountry, getValues, setValue]);

  const campaignForm = useCampaignForm({
    form,
    failure: { title: 'Error creating campaign', text: 'Failed to create campaign. Please try again.' },
    save: async (values, outboundEnabled) => {
      // Without outbound calling the type is forced to inbound (spec 000 §2); the server refuses it all the same.
      const campaignType = outboundEnabled ? values.campaignType : 'inbound';
      const campaign = await createCampaign({
        ...values,
        campaignType,
        agentId: campaignType === 'outbound' ? values.agentId : undefined,
      }).unwrap();
      toast({ title: 'Campaign created', description: `${campaign.name} is ready.` });
      onClose();
      navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);
    },
  });

  return (
    <CampaignFormBody
      campaignForm={campaignForm}
      title="Create Campaign"
      intro="Give the campaign a goal; outbound campaigns also set when and how often their agent calls."
      submitLabel={form.formState.isSubmitting ? 'Creating Campaign...' : 'Create Campaign'}
      onCancel={onClose}
    />
  );
}
