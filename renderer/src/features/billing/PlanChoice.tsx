import type { Plan } from '@shared/api/plans.types';
import { formatMoney, formatQuantity } from '@shared/domain/format';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

interface PlanChoiceProps {
  plans: Plan[];
  value: string | null;
  onChange: (planId: string) => void;
}

/** The visible plans as a choice of one, each with its price and limits. */
export function PlanChoice({ plans, value, onChange }: PlanChoiceProps) {
  return (
    <RadioGroup aria-label="Plan" value={value ?? ''} onChange={(_event, planId) => onChange(planId)} sx={{ gap: 1.5 }}>
      {plans.map((plan) => (
        <Box
          key={plan.id}
          sx={{
            border: 1,
            borderRadius: 2,
            borderColor: value === plan.id ? 'primary.main' : 'divider',
            px: 2,
            py: 1,
          }}
        >
          <FormControlLabel
            value={plan.id}
            control={<Radio />}
            sx={{ width: '100%', m: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
            label={
              <Box sx={{ py: 0.75 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {plan.name} — {formatMoney(plan.basePriceMonthly, plan.currency)}/month
                </Typography>
                {plan.description && (
                  <Typography variant="body2" color="text.secondary">
                    {plan.description}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {formatQuantity(plan.minutesIncluded, 'minute')} included, then{' '}
                  {formatMoney(plan.overageRatePerMinute, plan.currency)}/min ·{' '}
                  {[
                    formatQuantity(plan.maxAgents, 'agent'),
                    formatQuantity(plan.maxPhoneNumbers, 'number'),
                    formatQuantity(plan.maxCampaigns, 'campaign'),
                  ].join(' · ')}
                </Typography>
              </Box>
            }
          />
        </Box>
      ))}
    </RadioGroup>
  );
}
