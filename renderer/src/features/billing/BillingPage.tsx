import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazyComponent } from '../../core/lazyComponent';
import { PageHeader } from '../../components/PageHeader';
import { BillingTab } from './BillingTab';

// The charts are the heaviest part of billing: they load when the usage tab is first opened.
const UsageTab = lazyComponent(() => import('./usage/UsageTab'), 'UsageTab');

type BillingPageTab = 'billing' | 'usage';

/** Billing (routes /billing and /payment-method, spec 001 §2). */
export function BillingPage() {
  const [tab, setTab] = useState<BillingPageTab>('billing');
  return (
    <>
      <PageHeader title="Billing" subtitle="Your plan, payment methods and usage." />
      <Tabs
        value={tab}
        onChange={(_event, value: BillingPageTab) => setTab(value)}
        aria-label="Billing sections"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="billing" label="Billing & Subscription" id="billing-tab" />
        <Tab value="usage" label="Usage & Analytics" id="usage-tab" />
      </Tabs>
      <Box role="tabpanel" id={`${tab}-panel`} aria-labelledby={`${tab}-tab`}>
        {tab === 'billing' ? (
          <BillingTab />
        ) : (
          <Suspense fallback={<CircularProgress aria-label="Loading usage" />}>
            <UsageTab />
          </Suspense>
        )}
      </Box>
    </>
  );
}
