import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from '../../components/PageHeader';
import { useGetOperationsQuery } from './operationsApi';
import { TenantOperationsView } from './TenantOperationsView';

/** Operations (/operations): the tenant's dialer live, for its admins; live events refresh it. */
export function OperationsPage() {
  const operations = useGetOperationsQuery();
  return (
    <>
      <PageHeader title="Operations" subtitle="Your lines, calls in progress and why each campaign waits, live." />
      {operations.error ? (
        <Alert severity="error">Failed to load operations</Alert>
      ) : !operations.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <TenantOperationsView operations={operations.data} />
      )}
    </>
  );
}
