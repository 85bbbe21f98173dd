import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPhoneCountry } from '@shared/domain/contact-number';
import { updateTenantSchema, type UpdateTenantRequest } from '@shared/schemas/tenant.schema';
import { FormCountryField } from '../../components/forms/FormCountryField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useGetTenantQuery, useUpdateTenantMutation } from '../tenant';

/** Your Business: the country the business is in, which new campaigns read national phone numbers as. */
export function BusinessCard() {
  const { data } = useGetTenantQuery();
  const [updateTenant] = useUpdateTenantMutation();
  const { toast } = useToast();
  const country = data?.tenant.country;
  const { control, handleSubmit, reset, formState, reportServerError } = useSchemaForm<UpdateTenantRequest>(
    updateTenantSchema,
    { country: undefined },
  );
  useEffect(() => {
    if (isPhoneCountry(country)) reset({ country });
  }, [country, reset]);

  const onSubmit = async (values: UpdateTenantRequest) => {
    const outcome = await updateTenant(values);
    if ('error' in outcome) {
      toast({
        title: 'Error saving your business',
        description: reportServerError(outcome.error, 'Failed to save.') ?? 'Failed to save.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Business saved', description: 'New campaigns read national numbers in this country.' });
  };

  return (
    <Card component="section" aria-labelledby="business-heading">
      <CardContent>
        <Typography id="business-heading" variant="h6" component="h2" gutterBottom>
          Your Business
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          New campaigns read phone numbers written without +&lt;country code&gt; as numbers of this country; each
          campaign can choose another.
        </Typography>
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Your business">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormCountryField control={control} name="country" label="Country" sx={{ minWidth: 240 }} />
            <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
              Save
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
