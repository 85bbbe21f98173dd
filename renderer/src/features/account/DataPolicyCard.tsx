import { useEffect } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATA_POLICY } from '@shared/api/data-policy.types';
import {
  dataPolicyFormOf,
  dataPolicyFormSchema,
  dataPolicyOfForm,
  type DataPolicyForm,
} from '@shared/schemas/data-policy.schema';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useGetDataPolicyQuery, useUpdateDataPolicyMutation } from './dataPolicyApi';

type SwitchName = 'redactPii' | 'keepRecordingsForever' | 'keepTranscriptsForever';

function PolicySwitch({ control, name, label }: { control: Control<DataPolicyForm>; name: SwitchName; label: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(_event, checked) => field.onChange(checked)}
              slotProps={{ input: { name } }}
            />
          }
        />
      )}
    />
  );
}

/** One retention: days, or kept forever (the days field then has nothing to say). */
function Retention({
  control,
  forever,
  days,
  what,
}: {
  control: Control<DataPolicyForm>;
  forever: 'keepRecordingsForever' | 'keepTranscriptsForever';
  days: 'recordingRetentionDays' | 'transcriptRetentionDays';
  what: string;
}) {
  const keptForever = useWatch({ control, name: forever });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={{ width: { sm: 260 } }}>
        <FormTextField
          control={control}
          name={days}
          label={`Keep ${what} for (days)`}
          type="number"
          disabled={keptForever}
          slotProps={{ htmlInput: { min: 1, max: 3650, step: 1 } }}
        />
      </Box>
      <PolicySwitch control={control} name={forever} label={`Keep ${what} forever`} />
    </Stack>
  );
}

/**
 * Data policy (issue 25 §4), for admins: whether personal data (card and bank numbers, tax and social security
 * numbers, e-mail addresses, phone numbers, dates of birth) is redacted before call text is stored, sent by webhook or
 * logged; and how many days recordings and transcripts are kept before the nightly purge deletes them.
 */
export function DataPolicyCard() {
  const policy = useGetDataPolicyQuery();
  const [update] = useUpdateDataPolicyMutation();
  const { toast } = useToast();
  const { control, handleSubmit, reset, formState, reportServerError } = useSchemaForm<DataPolicyForm>(
    dataPolicyFormSchema,
    dataPolicyFormOf(DEFAULT_DATA_POLICY),
  );

  useEffect(() => {
    if (policy.data) reset(dataPolicyFormOf(policy.data));
  }, [policy.data, reset]);

  const onSubmit = async (values: DataPolicyForm) => {
    const outcome = await update(dataPolicyOfForm(values));
    if ('error' in outcome) {
      const description = reportServerError(outcome.error, 'The data policy could not be saved.');
      toast({ title: 'Data policy not saved', description: description ?? undefined, variant: 'destructive' });
      return;
    }
    toast({ title: 'Data policy saved' });
  };

  return (
    <Card component="section" aria-labelledby="data-policy-heading">
      <CardContent>
        <Typography id="data-policy-heading" variant="h6" component="h2" gutterBottom>
          Data policy
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          What your account keeps of its calls. Redaction replaces card and bank numbers, IRD, TFN and social security
          numbers, e-mail addresses, phone numbers and dates of birth with a marker such as [card number] before
          transcripts and summaries are stored, sent to your webhooks or logged; the original is not kept. Recordings
          and transcripts older than you choose are deleted every night, at the voice provider too; your usage, billing
          and analytics stay as they are.
        </Typography>
        {policy.isLoading && <Skeleton variant="rounded" height={160} />}
        {policy.isError && <Alert severity="error">The data policy could not be loaded.</Alert>}
        {policy.data && (
          <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Data policy">
            <Stack spacing={2}>
              <PolicySwitch control={control} name="redactPii" label="Redact personal data in call text" />
              <Retention
                control={control}
                forever="keepRecordingsForever"
                days="recordingRetentionDays"
                what="recordings"
              />
              <Retention
                control={control}
                forever="keepTranscriptsForever"
                days="transcriptRetentionDays"
                what="transcripts"
              />
              <Box>
                <Button type="submit" variant="contained" loading={formState.isSubmitting}>
                  Save data policy
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
