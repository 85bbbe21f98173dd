import { useState } from 'react';
import type { AvailablePhoneNumber } from '@shared/api/phone-numbers.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { SEARCH_COUNTRIES, type SearchCountry } from '@shared/schemas/phone-number.schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { ConnectionIndicator } from '../../components/connectivity/ConnectionIndicator';
import { selectConnectionStatus } from '../../components/connectivity/connectivitySlice';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toasts/useToast';
import { NumberSearch } from './NumberSearch';
import { OwnedNumbersList } from './OwnedNumbersList';
import { PhoneBillingCard } from './PhoneBillingCard';
import { useGetPhoneBillingQuery, useGetPhoneNumbersQuery, usePurchasePhoneNumberMutation } from './phoneNumbersApi';
import { PurchaseNumberDialog } from './PurchaseNumberDialog';

type PhoneTab = 'owned' | 'search';

const searchCountry = (code: string): SearchCountry | undefined =>
  SEARCH_COUNTRIES.find((country) => country === code.toUpperCase());

/** Phone numbers at /phone-numbers (spec 000 §2 and §4): the tenant's numbers, their billing, search and purchase. */
export function PhoneNumbersPage() {
  const [tab, setTab] = useState<PhoneTab>('owned');
  const [chosen, setChosen] = useState<AvailablePhoneNumber | null>(null);
  const [purchaseError, setPurchaseError] = useState<string | null>(null);
  // Bumped after a purchase so that the search starts over, empty.
  const [searchRound, setSearchRound] = useState(0);
  const numbers = useGetPhoneNumbersQuery();
  const billing = useGetPhoneBillingQuery();
  const [purchase, purchasing] = usePurchasePhoneNumberMutation();
  const online = useAppSelector(selectConnectionStatus) === 'Online';
  const isAdmin = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  const { toast, toastError } = useToast();

  const refresh = () => {
    void numbers.refetch();
    void billing.refetch();
  };

  const confirmPurchase = async (number: AvailablePhoneNumber) => {
    setPurchaseError(null);
    try {
      const result = await purchase({
        phoneNumber: number.phoneNumber,
        country: searchCountry(number.isoCountry),
      }).unwrap();
      setChosen(null);
      setSearchRound((round) => round + 1);
      setTab('owned');
      toast({
        title: 'Phone number added',
        description: `${formatPhoneNumber(result.phoneNumber.phoneNumber)} is yours. Assign it to an agent from the dashboard.`,
      });
    } catch (error) {
      const classified = classifyError(error);
      if (classified.requiresPayment) return;
      // Someone else took the number, or it is already ours: the search results and the owned list are stale.
      if (classified.code === 'NUMBER_UNAVAILABLE' || classified.code === 'NUMBER_ALREADY_OWNED') {
        setSearchRound((round) => round + 1);
        refresh();
      }
      setPurchaseError(classified.serverMessage ?? classified.message);
      toastError(error, 'Purchase failed');
    }
  };

  return (
    <Box>
      <PageHeader
        title="Phone Numbers"
        subtitle="The numbers your agents answer, and new ones to add."
        actions={<ConnectionIndicator />}
      />
      <Tabs
        value={tab}
        onChange={(_event, value: PhoneTab) => setTab(value)}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="owned" label="Your Phone Numbers" />
        <Tab value="search" label="Search New Numbers" />
      </Tabs>

      {tab === 'owned' ? (
        <Stack spacing={3}>
          <PhoneBillingCard billing={billing.data} loading={billing.isLoading} error={billing.error} />
          <OwnedNumbersList
            numbers={numbers.error ? [] : (numbers.data ?? [])}
            loading={numbers.isLoading}
            refreshing={numbers.isFetching || billing.isFetching}
            error={numbers.error}
            onRefresh={refresh}
            onSearch={() => setTab('search')}
          />
        </Stack>
      ) : (
        <NumberSearch
          key={searchRound}
          eligibility={billing.data?.eligibility}
          online={online}
          isAdmin={isAdmin}
          onChoose={(number) => {
            setPurchaseError(null);
            setChosen(number);
          }}
        />
      )}

      <PurchaseNumberDialog
        number={chosen}
        billing={billing.data}
        purchasing={purchasing.isLoading}
        error={purchaseError}
        onConfirm={(number) => void confirmPurchase(number)}
        onCancel={() => setChosen(null)}
      />
    </Box>
  );
}
