import type {
  ContactImport,
  ContactImportResponse,
  ContactResponse,
  ContactsPage,
  ImportPreviewResponse,
  ImportReport,
  OutboundContact,
} from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import type { ContactStatus, CreateContactRequest, UpdateContactRequest } from '@shared/schemas/contact.schema';
import { injectEndpoints } from '../../core/baseApi';

export interface ContactsPageQuery {
  campaignId: string;
  limit: number;
  /** The previous page's nextCursor; none for the first page. */
  after?: string;
  status?: ContactStatus;
  search?: string;
}

/** One campaign's contacts: every list page of it, whatever its filter, is refreshed by a change to one. */
const contactsOf = (campaignId: string) => ({ type: 'CampaignContact' as const, id: campaignId });

function pageQuery({ campaignId, limit, after, status, search }: ContactsPageQuery) {
  const params: Record<string, string> = { limit: String(limit) };
  if (after) params.after = after;
  if (status) params.status = status;
  if (search) params.search = search;
  return { url: apiRoutes.contacts.collection.relative(campaignId), params };
}

function csvUpload(campaignId: string, file: Blob, dryRun: boolean) {
  return {
    url: apiRoutes.contacts.import.relative(campaignId),
    method: 'POST',
    params: dryRun ? { dryRun: 'true' } : undefined,
    headers: { 'Content-Type': 'text/csv' },
    body: file,
  };
}

/**
 * Outbound contacts of a campaign (spec 000 §7): keyset-paged list, add, edit, delete, CSV import and export, and the
 * consent ledger's CSV.
 */
export const contactsApi = injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactsPage, ContactsPageQuery>({
      query: pageQuery,
      providesTags: (_page, _error, { campaignId }) => [contactsOf(campaignId)],
    }),
    createContact: build.mutation<OutboundContact, { campaignId: string; contact: CreateContactRequest }>({
      query: ({ campaignId, contact }) => ({
        url: apiRoutes.contacts.collection.relative(campaignId),
        method: 'POST',
        body: contact,
      }),
      transformResponse: (response: ContactResponse) => response.contact,
      invalidatesTags: (_contact, _error, { campaignId }) => [contactsOf(campaignId)],
    }),
    updateContact: build.mutation<OutboundContact, { contact: OutboundContact; changes: UpdateContactRequest }>({
      query: ({ contact, changes }) => ({
        url: apiRoutes.contacts.byId.relative(contact.id),
        method: 'PATCH',
        body: changes,
      }),
      transformResponse: (response: ContactResponse) => response.contact,
      invalidatesTags: (_contact, _error, { contact }) => [contactsOf(contact.campaignId)],
    }),
    deleteContact: build.mutation<void, OutboundContact>({
      query: (contact) => ({ url: apiRoutes.contacts.byId.relative(contact.id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, contact) => [contactsOf(contact.campaignId)],
    }),
    /** What importing the file would do (skipped rows and why), nothing written. */
    previewContactImport: build.mutation<ImportReport, { campaignId: string; file: Blob }>({
      query: ({ campaignId, file }) => csvUpload(campaignId, file, true),
      transformResponse: (response: ImportPreviewResponse) => response.report,
    }),
    startContactImport: build.mutation<ContactImport, { campaignId: string; file: Blob }>({
      query: ({ campaignId, file }) => csvUpload(campaignId, file, false),
      transformResponse: (response: ContactImportResponse) => response.import,
    }),
    /** An import under way, refreshed by its import.progress events (polled only while the stream is down). */
    getContactImport: build.query<ContactImport, string>({
      query: (id) => apiRoutes.contacts.importById.relative(id),
      transformResponse: (response: ContactImportResponse) => response.import,
      providesTags: (_import, _error, id) => [{ type: 'ContactImport', id }],
      keepUnusedDataFor: 0,
    }),
    /** The campaign's contacts as a CSV file. */
    exportContacts: build.mutation<Blob, string>({
      query: (campaignId) => ({
        url: apiRoutes.contacts.export.relative(campaignId),
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
    }),
    /** The consent ledger as a CSV file: one contact's entries, or those of every contact of a campaign. */
    exportConsentLedger: build.mutation<Blob, { contactId: string } | { campaignId: string }>({
      query: (of) => ({
        url:
          'contactId' in of
            ? apiRoutes.contacts.contactConsent.relative(of.contactId)
            : apiRoutes.contacts.campaignConsent.relative(of.campaignId),
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
    }),
  }),
});

export const {
  useGetContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  usePreviewContactImportMutation,
  useStartContactImportMutation,
  useGetContactImportQuery,
  useExportContactsMutation,
  useExportConsentLedgerMutation,
} = contactsApi;
