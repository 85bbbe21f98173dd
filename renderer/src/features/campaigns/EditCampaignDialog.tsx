import { isPhoneCountry } from '@shared/domain/contact-number';
import { Controller } from 'react-hook-form';
import { updateCampaignSchema, type UpdateCampaignRequest } from '@shared/schemas/campaign.schema';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { FormDialog } from '../../components/forms/FormDialog';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { CampaignFormBody } from './CampaignFormBody';
import { useUpdateCampaignMutation } from './campaignsApi';
import type { Campaign } from '@shared/api/campaigns.types';
import { useCampaignForm } from './useCampaignForm';

interface EditCampaignDialogProps {
  /** The campaign to edit; the dialog is open while there is one. */
  campaign: Campaign | null;
  onClose: () => void;
}

/** Edit campaign: the create fields on the update schema, and whether the campaign is active. */
export function EditCampaignDialog({ campaign, onClose }: EditCampaignDialogProps) {
  return (
    <FormDialog open={Boolean(campaign)} onClose={onClose} maxWidth="md">
      {campaign && <EditCampaignForm key={campaign.id} campaign={campaign} onClose={onClose} />}
    </FormDialog>
  );
}

function EditCampaignForm({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const [updateCampaign] = useUpdateCampaignMutation();
  const { toast } = useToast();
  const form = useSchemaForm<UpdateCampaignRequest>(updateCampaignSchema, {
    name: campaign.name,
    goal: campaign.goal,
    knowledgeUrl: campaign.knowledgeUrl ?? '',
    campaignType: campaign.campaignType,
    agentId: campaign.agentId ?? '',
    purpose: campaign.purpose,
    callingHoursType: campaign.callingHoursType,
    callingStartTime: campaign.callingStartTime,
    callingEndTime: campaign.callingEndTime,
    timezone: campaign.timezone,
    defaultCountry: isPhoneCountry(campaign.defaultCountry) ? campaign.defaultCountry : undefined,
    daysOfWeek: campaign.daysOfWeek,
    maxCallsPerDay: campaign.maxCallsPerDay,
    callIntervalMinutes: campaign.callIntervalMinutes,
    machineHandling: { ...campaign.machineHandling, message: campaign.machineHandling.message ?? '' },
    active: campaign.active,
  });

  const campaignForm = useCampaignForm({
    form,
    failure: { title: 'Error updating campaign', text: 'Failed to update campaign. Please try again.' },
    save: async (values) => {
      // Only what was changed is sent: an inbound campaign's agent, linked from the dashboard, stays as it is.
      const changes = Object.fromEntries(
        Object.entries(values).filter(
          ([field, value]) => JSON.stringify(value) !== JSON.stringify(campaign[field as keyof Campaign] ?? null),
        ),
      ) as UpdateCampaignRequest;
      if (Object.keys(changes).length > 0) await updateCampaign({ id: campaign.id, changes }).unwrap();
      toast({ title: 'Campaign updated', description: `${values.name ?? campaign.name} has been saved.` });
      onClose();
    },
  });

  return (
    <CampaignFormBody
      campaignForm={campaignForm}
      title={`Edit ${campaign.name}`}
      submitLabel="Save Changes"
      onCancel={onClose}
    >
      <Controller
        name="active"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 2 }}
            label="Active"
            control={
              <Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
    </CampaignFormBody>
  );
}
