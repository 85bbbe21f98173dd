import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { AvailablePhoneNumber, PhoneBillingResponse } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import {
  availableNumbersQuerySchema,
  SEARCH_LIMIT_DEFAULT,
  type AvailableNumbersQuery,
  type SearchCountry,
} from '@shared/schemas/phone-number.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { NumberBadges, placeOf } from './NumberBadges';
import { useLazySearchAvailableNumbersQuery } from './phoneNumbersApi';

const COUNTRIES: Array<{ code: SearchCountry; name: string }> = [
  { code: 'NZ', name: 'New Zealand' },
  { code: 'AU', name: 'Australia' },
  { code: 'US', name: 'United States' },
];

interface NumberSearchProps {
  eligibility: PhoneBillingResponse['eligibility'] | undefined;
  /** False while offline or disconnected: the search and the purchase need the server. */
  online: boolean;
  /** Only admins buy numbers; other members may still look. */
  isAdmin: boolean;
  onChoose: (number: AvailablePhoneNumber) => void;
}

interface DigitsInputProps {
  control: Control<AvailableNumbersQuery>;
  name: 'areaCode' | 'contains';
  /** The input's own name, where the field's would clash with the form's DOM. */
  inputName?: string;
  label: string;
  placeholder: string;
  maxLength: number;
}

function DigitsInput({ control, name, inputName = name, label, placeholder, maxLength }: DigitsInputProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          name={inputName}
          value={field.value ?? ''}
          label={label}
          placeholder={placeholder}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength } }}
        />
      )}
    />
  );
}

function CapabilityCheckbox({
  control,
  name,
  label,
}: {
  control: Control<AvailableNumbersQuery>;
  name: 'voiceEnabled' | 'smsEnabled';
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
        />
      )}
    />
  );
}

/** Search New Numbers (spec 000 §2): country, area code, digits and capabilities; each result can be bought. */
export function NumberSearch({ eligibility, online, isAdmin, onChoose }: NumberSearchProps) {
  const [search, results] = useLazySearchAvailableNumbersQuery();
  const [searched, setSearched] = useState(false);
  const form = useSchemaForm<AvailableNumbersQuery>(availableNumbersQuerySchema, {
    country: 'NZ',
    areaCode: '',
    contains: '',
    voiceEnabled: true,
    smsEnabled: false,
    limit: SEARCH_LIMIT_DEFAULT,
  });

  const submit = form.handleSubmit((query) => {
    setSearched(true);
    void search(query, false);
  });

  const canPurchase = eligibility?.canPurchase ?? false;
  const free = eligibility?.nextNumberCost === 0;
  const failure = results.error ? classifyError(results.error) : null;
  const numbers = results.data ?? [];

  return (
    <Box>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, mb: 3 }} role="search">
        <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <Controller
              name="country"
              control={form.control}
              render={({ field }) => (
                <TextField {...field} select label="Country" fullWidth>
                  {COUNTRIES.map((country) => (
                    <MenuItem key={country.code} value={country.code}>
                      {country.name} ({country.code})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <DigitsInput
              control={form.control}
              name="areaCode"
              label="Area code"
              placeholder="e.g. 415"
              maxLength={3}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 3 }}>
            <DigitsInput
              control={form.control}
              name="contains"
              // A form control named "contains" would shadow HTMLFormElement.contains() for every script.
              inputName="digits"
              label="Contains digits"
              placeholder="e.g. 555"
              maxLength={16}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8, md: 2 }}>
            <FormGroup row sx={{ pt: { md: 1 } }}>
              <CapabilityCheckbox control={form.control} name="voiceEnabled" label="Voice" />
              <CapabilityCheckbox control={form.control} name="smsEnabled" label="SMS" />
            </FormGroup>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              startIcon={<SearchIcon />}
              loading={results.isFetching}
              loadingPosition="start"
              disabled={!online}
            >
              Search
            </Button>
          </Grid>
        </Grid>
      </Paper>

      {!isAdmin ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Only account admins can add phone numbers.
        </Alert>
      ) : (
        eligibility &&
        !eligibility.canPurchase && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            {eligibility.reason}
          </Alert>
        )
      )}

      {!searched ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          Choose a country and search to see numbers you can add.
        </Typography>
      ) : results.isFetching ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={164} />
            </Grid>
          ))}
        </Grid>
      ) : failure ? (
        <Alert severity="error">Error fetching phone numbers: {failure.serverMessage ?? failure.message}</Alert>
      ) : numbers.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <SearchOffIcon color="disabled" sx={{ fontSize: 40 }} />
          <Typography variant="h6" component="p">
            No numbers found
          </Typography>
          <Typography color="text.secondary">
            Try another area code, fewer digits in &lsquo;Contains digits&rsquo;, or turn off the SMS filter.
          </Typography>
        </Paper>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1.5 }} role="status">
            {numbers.length === 1 ? '1 number available' : `${numbers.length} numbers available`}
          </Typography>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-label="Available numbers"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {numbers.map((number) => (
              <Grid key={number.phoneNumber} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Card
                  variant="outlined"
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                  data-testid="available-number"
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h3">
                      {formatPhoneNumber(number.phoneNumber)}
                    </Typography>
                    <Typography color="text.secondary">{number.friendlyName}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      {placeOf(number)}
                    </Typography>
                    <NumberBadges number={number} />
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    <Button
                      variant={free ? 'outlined' : 'contained'}
                      fullWidth
                      disabled={!isAdmin || !canPurchase || !online}
                      onClick={() => onChoose(number)}
                      aria-label={`${free ? 'Select' : 'Purchase'} ${formatPhoneNumber(number.phoneNumber)}`}
                    >
                      {free ? 'Select' : 'Purchase'}
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}
