import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { useGetPlatformOperationsQuery } from './operationsApi';
import { TenantOperationsView } from './TenantOperationsView';

/** Admin Operations (/admin/operations): every tenant's dialer, for platform admins. */
export function PlatformOperationsPage() {
  const operations = useGetPlatformOperationsQuery();
  return (
    <>
      <PageHeader title="Admin Operations" subtitle="Every tenant with an outbound campaign or a call in progress." />
      {operations.error ? (
        <Alert severity="error">Failed to load operations</Alert>
      ) : !operations.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : operations.data.tenants.length === 0 ? (
        <Typography color="text.secondary">No tenant is calling out.</Typography>
      ) : (
        <Stack spacing={4}>
          {operations.data.tenants.map((tenant) => (
            <section key={tenant.tenantId} aria-label={tenant.tenantName}>
              <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                {tenant.tenantName}
              </Typography>
              <TenantOperationsView operations={tenant} />
            </section>
          ))}
        </Stack>
      )}
    </>
  );
}
