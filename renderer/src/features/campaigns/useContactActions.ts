import { useCallback } from 'react';
import type { OutboundContact } from '@shared/api/contacts.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { useToast } from '../../components/toasts/useToast';
import { saveFile } from '../../core/saveFile';
import { useDeleteContactMutation, useExportContactsMutation } from './contactsApi';
import { failureMessage } from './requestFailure';

/** Deleting a contact (once confirmed) and exporting the campaign's contacts as CSV, each reported by a toast. */
export function useContactActions(campaignId: string, campaignName: string) {
  const [deleteContact] = useDeleteContactMutation();
  const [exportContacts, { isLoading: exporting }] = useExportContactsMutation();
  const { toast } = useToast();

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
      saveFile(file, `${campaignName.replace(/[^\w-]+/g, '-').toLowerCase() || 'campaign'}-contacts.csv`);
    } catch (error) {
      toast({ title: 'Export failed', description: failureMessage(error), variant: 'destructive' });
    }
  };

  return { remove, exportCsv, exporting };
}
