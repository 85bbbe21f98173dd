import { useState } from 'react';
import type { InferType } from 'yup';
import type { OutboundContact } from '@shared/api/contacts.types';
import {
  CONSENT_EVIDENCE_MAX,
  CONSENT_SCOPES,
  CONSENT_SOURCES,
  CONTACT_DEFAULTS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  MAX_RETRY_CHOICES,
  RETRY_DELAY_CHOICES,
  createContactSchema,
  metadataJsonSchema,
  contactConsent,
  type ContactConsent,
  type CreateContactRequest,
} from '@shared/schemas/contact.schema';
import { trimmedText } from '@shared/schemas/strict-text.schema';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormDialog, FormDialogBody } from '../../components/forms/FormDialog';
import { FormSelectField } from '../../components/forms/FormSelectField';
import { FormTextField } from '../../components/forms/FormTextField';
import { PhoneNumberFormField } from '../../components/forms/PhoneNumberFormField';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { CONSENT_SCOPE_CHOICES, CONSENT_SOURCE_LABELS } from './consentDisplay';
import { contactZoneText } from './contactMetadata';
import { useCreateContactMutation, useUpdateContactMutation } from './contactsApi';
import { LOCAL_DATE_TIME } from './requestFailure';

/**
 * The dialog's form: the request's number and retry fields, metadata as JSON text (spec 000 §5), a local date and
 * time, and the conversation overrides as two texts.
 */
const contactFormSchema = createContactSchema.pick(['phoneNumber', 'maxRetries', 'retryDelayMinutes']).shape({
  metadata: metadataJsonSchema.optional(),
  scheduledFor: trimmedText().matches(LOCAL_DATE_TIME, CONTACT_MESSAGES.scheduledFor).optional(),
  prompt: trimmedText()
    .max(CONTACT_LIMITS.prompt, `Prompt must be at most ${CONTACT_LIMITS.prompt} characters`)
    .optional(),
  firstMessage: trimmedText()
    .max(CONTACT_LIMITS.firstMessage, `First message must be at most ${CONTACT_LIMITS.firstMessage} characters`)
    .optional(),
  // Consent: none, or all of scope, source and time (the API's consent schema checks the object as sent).
  consentScope: trimmedText().optional(),
  consentSource: trimmedText()
    .optional()
    .when('consentScope', {
      is: (scope: string | undefined) => Boolean(scope),
      then: (schema) => schema.required('Consent source is required'),
    }),
  consentCapturedAt: trimmedText()
    .optional()
    .when('consentScope', {
      is: (scope: string | undefined) => Boolean(scope),
      then: (schema) =>
        schema.matches(LOCAL_DATE_TIME, 'Consent time must be a date and time').required('Consent time is required'),
    }),
  consentEvidence: trimmedText()
    .max(CONSENT_EVIDENCE_MAX, `Consent evidence must be at most ${CONSENT_EVIDENCE_MAX} characters`)
    .optional(),
});
type ContactForm = InferType<typeof contactFormSchema>;

const DELAY_LABELS: Record<number, string> = {
  15: '15 minutes',
  30: '30 minutes',
  60: '1 hour',
  120: '2 hours',
  240: '4 hours',
  480: '8 hours',
  1440: '24 hours',
};

type ConsentFields = Pick<ContactForm, 'consentScope' | 'consentSource' | 'consentCapturedAt' | 'consentEvidence'>;

/** The consent fields as the dialog shows a contact's consent (its time to the minute, as the input takes it). */
function consentFieldsOf(consent: ContactConsent | null | undefined): ConsentFields {
  return {
    consentScope: consent?.scope ?? '',
    consentSource: consent?.source ?? '',
    consentCapturedAt: localInputValue(consent?.capturedAt ?? null),
    consentEvidence: consent?.evidence ?? '',
  };
}

const sameConsentFields = (a: ConsentFields, b: ConsentFields) =>
  (Object.keys(a) as Array<keyof ConsentFields>).every((field) => (a[field] ?? '') === (b[field] ?? ''));

/**
 * The form's values as the API's request: metadata parsed, the time in UTC ISO, empty overrides left out. An edit that
 * leaves the consent fields as they were sends no consent, which would otherwise be written to the ledger again.
 */
function toRequest(values: ContactForm, contact: OutboundContact | null): CreateContactRequest {
  const metadata = values.metadata?.trim() ? (JSON.parse(values.metadata) as Record<string, string>) : {};
  const conversationConfig = {
    ...(values.prompt ? { prompt: values.prompt } : {}),
    ...(values.firstMessage ? { first_message: values.firstMessage } : {}),
  };
  return {
    phoneNumber: values.phoneNumber,
    maxRetries: values.maxRetries,
    retryDelayMinutes: values.retryDelayMinutes,
    metadata,
    scheduledFor: values.scheduledFor ? new Date(values.scheduledFor).toISOString() : null,
    conversationConfig: Object.keys(conversationConfig).length ? conversationConfig : null,
    consent:
      contact && sameConsentFields(values, consentFieldsOf(contact.consent))
        ? undefined
        : consentOf(values, contact?.consent ?? null),
  };
}

/**
 * The consent as the API takes it (validated by the same schema), or null for none. A time left as shown keeps the
 * contact's own, to the second.
 */
function consentOf(values: ContactForm, saved: ContactConsent | null): ContactConsent | null {
  if (!values.consentScope) return null;
  const timeKept = saved && values.consentCapturedAt === localInputValue(saved.capturedAt);
  return contactConsent().validateSync({
    scope: values.consentScope,
    source: values.consentSource,
    capturedAt: timeKept
      ? saved.capturedAt
      : values.consentCapturedAt
        ? new Date(values.consentCapturedAt).toISOString()
        : '',
    evidence: values.consentEvidence ?? '',
  }) as ContactConsent;
}

/** An ISO time as the datetime-local input shows it, in the viewer's zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

interface ContactFormDialogProps {
  open: boolean;
  campaignId: string;
  /** The contact to edit; none to add one. */
  contact: OutboundContact | null;
  onClose: () => void;
}

/** The metadata field's help: what it is for, the key that names the contact's own zone, and the zone in use. */
function metadataHelp(contact: OutboundContact | null): string {
  const help =
    'Optional. Key-value pairs the agent can use in the call; "timezone" (such as "America/Chicago") sets the zone its calling hours are read in.';
  if (!contact) return help;
  const { zone, source, title } = contactZoneText(contact);
  return `${help} Now: ${title || zone} (${source}).`;
}

/** Add or edit an outbound contact (spec 000 §2, §5): number, retries, delay, schedule, metadata, overrides. */
export function ContactFormDialog({ open, campaignId, contact, onClose }: ContactFormDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ContactForm key={contact?.id ?? 'new'} campaignId={campaignId} contact={contact} onClose={onClose} />
    </FormDialog>
  );
}

function ContactForm({ campaignId, contact, onClose }: Omit<ContactFormDialogProps, 'open'>) {
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const { toast } = useToast();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useSchemaForm<ContactForm>(contactFormSchema, {
    phoneNumber: contact?.phoneNumber ?? '',
    maxRetries: contact?.maxRetries ?? CONTACT_DEFAULTS.maxRetries,
    retryDelayMinutes: contact?.retryDelayMinutes ?? CONTACT_DEFAULTS.retryDelayMinutes,
    metadata: contact && Object.keys(contact.metadata).length ? JSON.stringify(contact.metadata, null, 2) : '',
    scheduledFor: localInputValue(contact?.scheduledFor ?? null),
    prompt: contact?.conversationConfig?.prompt ?? '',
    firstMessage: contact?.conversationConfig?.first_message ?? '',
    ...consentFieldsOf(contact?.consent),
  });
  const { control } = form;
  const failure = contact ? 'Failed to update contact' : 'Failed to create contact';

  const submit = form.handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const request = toRequest(values, contact);
      if (contact) {
        await updateContact({ contact, changes: request }).unwrap();
        toast({ title: 'Contact updated successfully' });
      } else {
        await createContact({ campaignId, contact: request }).unwrap();
        toast({ title: 'Contact added successfully' });
      }
      onClose();
    } catch (error) {
      const message = form.reportServerError(error, failure);
      if (message !== null) {
        toast({ title: failure, description: message, variant: 'destructive' });
        setSubmitError(message);
      }
    }
  });

  // Keep the saved choice even where the form offers fewer (an API client may have set 0 retries).
  const retryChoices = [...new Set([...MAX_RETRY_CHOICES, contact?.maxRetries ?? CONTACT_DEFAULTS.maxRetries])].sort(
    (a, b) => a - b,
  );
  const delayChoices = [
    ...new Set([...RETRY_DELAY_CHOICES, contact?.retryDelayMinutes ?? CONTACT_DEFAULTS.retryDelayMinutes]),
  ].sort((a, b) => a - b);

  return (
    <FormDialogBody
      title={contact ? 'Edit Contact' : 'Add Contact'}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      submitLabel={contact ? 'Save Changes' : 'Add Contact'}
      error={submitError}
      onCancel={onClose}
    >
      <Stack spacing={2.5}>
        <PhoneNumberFormField control={control} name="phoneNumber" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelectField control={control} name="maxRetries" label="Max Retries" fullWidth>
            {retryChoices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {choice}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField control={control} name="retryDelayMinutes" label="Retry Delay" fullWidth>
            {delayChoices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {DELAY_LABELS[choice] ?? `${choice} minutes`}
              </MenuItem>
            ))}
          </FormSelectField>
        </Stack>
        <FormTextField
          control={control}
          name="scheduledFor"
          label="Call Not Before"
          type="datetime-local"
          shrinkLabel
          helperText="Optional. In your own time zone."
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormSelectField control={control} name="consentScope" label="Consent" fullWidth>
            <MenuItem value="">No consent recorded</MenuItem>
            {CONSENT_SCOPES.map((scope) => (
              <MenuItem key={scope} value={scope}>
                {CONSENT_SCOPE_CHOICES[scope]}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField control={control} name="consentSource" label="Consent Source" fullWidth>
            <MenuItem value="">Not given</MenuItem>
            {CONSENT_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {CONSENT_SOURCE_LABELS[source]}
              </MenuItem>
            ))}
          </FormSelectField>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="consentCapturedAt"
            label="Consent Given At"
            type="datetime-local"
            shrinkLabel
            helperText="When the contact gave consent, in your own time zone."
            fullWidth
          />
          <FormTextField
            control={control}
            name="consentEvidence"
            label="Consent Evidence"
            helperText="A note or a link (form, recording) kept in the consent ledger."
            fullWidth
            slotProps={{ htmlInput: { maxLength: CONSENT_EVIDENCE_MAX } }}
          />
        </Stack>
        <FormTextField
          control={control}
          name="metadata"
          label="Metadata (JSON)"
          placeholder={'{ "name": "Ana", "appointment": "Tuesday 10am" }'}
          helperText={metadataHelp(contact)}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
        />
        <FormTextField
          control={control}
          name="firstMessage"
          label="First Message"
          helperText="Optional. What the agent says first to this contact, in place of its greeting."
          fullWidth
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.firstMessage } }}
        />
        <FormTextField
          control={control}
          name="prompt"
          label="Prompt Override"
          helperText="Optional. Instructions for this contact's call, in place of the agent's own."
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.prompt } }}
        />
      </Stack>
    </FormDialogBody>
  );
}
