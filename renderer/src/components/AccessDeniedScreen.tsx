import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import DomainDisabledIcon from '@mui/icons-material/DomainDisabled';
import type { AccessDecision } from '../core/access';
import { ErrorScreen } from './errors/ErrorScreen';

type Refusal = Exclude<AccessDecision, { allowed: true }>;

/** What a guarded screen shows instead of itself: the spec's access text, or why a tenant screen has nothing to show. */
export function AccessDeniedScreen({ refusal, fullPage = false }: { refusal: Refusal; fullPage?: boolean }) {
  if (refusal.reason === 'role') {
    return (
      <ErrorScreen
        fullPage={fullPage}
        icon={<BlockIcon />}
        title="Access Denied"
        message={refusal.text}
        actions={
          <Button variant="contained" component={RouterLink} to="/">
            Go to Dashboard
          </Button>
        }
      />
    );
  }
  return (
    <ErrorScreen
      fullPage={fullPage}
      icon={<DomainDisabledIcon />}
      title="Not part of a tenant"
      message="This page shows a tenant's own data, and your account does not belong to a tenant. Tenants are managed from Admin Billing and Admin Plans."
      actions={
        <>
          <Button variant="outlined" component={RouterLink} to="/admin/billing">
            Admin Billing
          </Button>
          <Button variant="contained" component={RouterLink} to="/">
            Platform Home
          </Button>
        </>
      }
    />
  );
}
