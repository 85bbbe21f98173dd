import { useCallback } from 'react';
import type { OutboundContact } from '@shared/api/contacts.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { useToast } from '../../components/toasts/useToast';
import { saveFile } from '../../core/saveFile';
import { useDeleteContactMutation, useExportConsentLedgerMutation, useExportContactsMutation } from './contactsApi';
import { failureMessage } from './requestFailure';

/**
 * Deleting a contact (once confirmed), exporting the campaign's contacts as CSV, and downloading the consent ledger of
 * the campaign or of one contact; a failure is reported by a toast.
 */
export function useContactActions(campaignId: string, campaignName: string) {
  const [deleteContact] = useDeleteContactMutation();
  const [exportContacts, { isLoading: exporting }] = useExportContactsMutation();
  const [exportLedger] = useExportConsentLedgerMutation();
  const { toast } = useToast();
  const fileStem = campaignName.replace(/[^\w-]+/g, '-').toLowerCase() || 'campaign';

  const remove = useCallback(
    async (contact: OutboundContact) => {
      if (!window.confirm(`Delete the contact ${formatPhoneNumber(contact.phoneNumber)}?`)) return;
      try {
        await deleteContact(contact).unwrap();
        toast({ title: 'Contact deleted successfully' });
      } catch (error) {
        toast({ title: 'Failed to delete contact', description: failureMessage(error), variant: 'destructive' });
      }
    },
    [deleteContact, toast],
  );

  const exportCsv = async () => {
    try {
      const file = await exportContacts(campaignId).unwrap();
      saveFile(file, `${fileStem}-contacts.csv`);
    } catch (error) {
      toast({ title: 'Export failed', description: failureMessage(error), variant: 'destructive' });
    }
  };

  /** One contact's ledger, or the campaign's when no contact is given. */
  const downloadLedger = useCallback(
    async (contact?: OutboundContact) => {
      try {
        const file = await exportLedger(contact ? { contactId: contact.id } : { campaignId }).unwrap();
        const stem = contact ? contact.phoneNumber.replace(/\D+/g, '') : fileStem;
        saveFile(file, `${stem}-consent-ledger.csv`);
      } catch (error) {
        toast({ title: 'Export failed', description: failureMessage(error), variant: 'destructive' });
      }
    },
    [exportLedger, campaignId, fileStem, toast],
  );

  return { remove, exportCsv, exporting, downloadLedger };
}
