import Papa from 'papaparse';
import type { ContactDraft, ContactDraftRow } from '@shared/api/contact-drafts.types';
import type { DraftOwner } from '@shared/api/desktop-bridge';
import type { ContactSyncResult } from '@shared/api/contact-sync.types';
import type { OutboundContact } from '@shared/api/contacts.types';
import { readContactRow, readHeader } from '@shared/domain/contact-csv';
import type { ContactMetadata } from '@shared/schemas/contact.schema';
import { ValidationError } from 'yup';
import {
  CONTACT_SYNC_LIMITS,
  contactSyncChangeSchema,
  type ContactSyncChange,
} from '@shared/schemas/contact-sync.schema';

/**
 * The offline draft's rules, pure: every function takes a draft and answers the next one (the editor writes it
 * through the platform's draft store before showing it). A row's `change` is what the next sync asks of the server;
 * its `problem` is the last sync's verdict, shown until the operator acts on it.
 */

export interface RowEdit {
  phoneNumber?: string;
  metadata?: ContactMetadata;
}

const touched = (draft: ContactDraft, rows: ContactDraftRow[], now: string): ContactDraft => ({
  ...draft,
  rows,
  updatedAt: now,
});

const mapRow = (draft: ContactDraft, key: string, map: (row: ContactDraftRow) => ContactDraftRow | null, now: string) =>
  touched(
    draft,
    draft.rows.flatMap((row) => {
      if (row.key !== key) return [row];
      const next = map(row);
      return next ? [next] : [];
    }),
    now,
  );

export function rowFromContact(contact: OutboundContact, key = contact.id): ContactDraftRow {
  return {
    key,
    contactId: contact.id,
    baseVersion: contact.version,
    phoneNumber: contact.phoneNumber,
    metadata: { ...contact.metadata },
    change: 'none',
    problem: null,
  };
}

export function createDraft(
  owner: DraftOwner,
  campaign: { id: string; name: string },
  contacts: readonly OutboundContact[],
  now: string,
): ContactDraft {
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    userId: owner.userId,
    tenantId: owner.tenantId,
    createdAt: now,
    updatedAt: now,
    rows: contacts.map((contact) => rowFromContact(contact)),
    pendingSyncKey: null,
  };
}

/** A row whose conflict the operator answers by editing it: their values, on top of the server's version. */
function rebased(row: ContactDraftRow): ContactDraftRow {
  if (row.problem?.kind !== 'conflict') return row;
  const { server } = row.problem;
  // Deleted on the server: a delete is done already, anything else creates the contact again.
  if (!server)
    return { ...row, contactId: null, baseVersion: null, change: row.change === 'delete' ? 'delete' : 'create' };
  return { ...row, contactId: server.id, baseVersion: server.version };
}

export function editRow(draft: ContactDraft, key: string, edit: RowEdit, now: string): ContactDraft {
  return mapRow(
    draft,
    key,
    (row) => {
      const base = rebased(row);
      return {
        ...base,
        ...(edit.phoneNumber !== undefined ? { phoneNumber: edit.phoneNumber.trim() } : {}),
        ...(edit.metadata !== undefined ? { metadata: edit.metadata } : {}),
        change: base.change === 'create' ? 'create' : 'update',
        problem: null,
      };
    },
    now,
  );
}

export function addRow(
  draft: ContactDraft,
  key: string,
  now: string,
  values: Required<RowEdit> = { phoneNumber: '', metadata: {} },
): ContactDraft {
  const row: ContactDraftRow = {
    key,
    contactId: null,
    baseVersion: null,
    phoneNumber: values.phoneNumber,
    metadata: values.metadata,
    change: 'create',
    problem: null,
  };
  return touched(draft, [row, ...draft.rows], now);
}

/** A row never synced simply goes; a contact the server has is deleted there at the next sync. */
export function deleteRow(draft: ContactDraft, key: string, now: string): ContactDraft {
  return mapRow(
    draft,
    key,
    (row) => {
      const base = rebased(row);
      return base.contactId === null ? null : { ...base, change: 'delete', problem: null };
    },
    now,
  );
}

/** "Keep mine": the draft's values (or its delete) stand, now against the server's current version. */
export function keepMine(draft: ContactDraft, key: string, now: string): ContactDraft {
  return mapRow(
    draft,
    key,
    (row) => {
      const base = rebased(row);
      if (base.change === 'delete' && base.contactId === null) return null;
      return { ...base, problem: null };
    },
    now,
  );
}

/** "Take server's": the row becomes the server's contact again (or leaves the draft when the server deleted it). */
export function takeServer(draft: ContactDraft, key: string, now: string): ContactDraft {
  return mapRow(
    draft,
    key,
    (row) => {
      if (row.problem?.kind !== 'conflict') return row;
      return row.problem.server ? rowFromContact(row.problem.server, row.key) : null;
    },
    now,
  );
}

export const isChanged = (row: ContactDraftRow) => row.change !== 'none';

export const changedRowCount = (draft: ContactDraft) => draft.rows.filter(isChanged).length;

/** Rows the next sync sends: changed, with no verdict still waiting for the operator; at most one sync's worth. */
export function changesToSync(draft: ContactDraft, limit: number = CONTACT_SYNC_LIMITS.changes): ContactSyncChange[] {
  const changes: ContactSyncChange[] = [];
  for (const row of draft.rows) {
    if (changes.length >= limit) break;
    if (row.change === 'none' || row.problem) continue;
    if (row.change === 'create') {
      changes.push({ key: row.key, op: 'create', phoneNumber: row.phoneNumber, metadata: row.metadata });
    } else if (row.contactId !== null && row.baseVersion !== null) {
      changes.push({
        key: row.key,
        op: row.change,
        contactId: row.contactId,
        baseVersion: row.baseVersion,
        ...(row.change === 'update' ? { phoneNumber: row.phoneNumber, metadata: row.metadata } : {}),
      });
    }
  }
  return changes;
}

/** Why the server would refuse the row's change as a request (an empty or overlong number, bad metadata), or null. */
function requestProblem(change: ContactSyncChange): string | null {
  try {
    contactSyncChangeSchema.validateSync(change, { abortEarly: true });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

/**
 * Gives each changed row the server's request rules would refuse its verdict here (invalid, with the reason), so
 * that it stays in the draft for the operator and never fails the whole sync.
 */
export function markUnsendableRows(draft: ContactDraft, now: string): ContactDraft {
  const problems = new Map<string, string>();
  for (const change of changesToSync(draft, Number.POSITIVE_INFINITY)) {
    const problem = requestProblem(change);
    if (problem) problems.set(change.key, problem);
  }
  if (problems.size === 0) return draft;
  return touched(
    draft,
    draft.rows.map((row) => {
      const message = problems.get(row.key);
      return message ? { ...row, problem: { kind: 'invalid', message } } : row;
    }),
    now,
  );
}

/** Marks a sync as sent: its key is kept until its answer arrives, so that sending again is the same sync. */
export const withPendingSync = (draft: ContactDraft, newKey: string, now: string): ContactDraft =>
  draft.pendingSyncKey ? draft : { ...draft, pendingSyncKey: newKey, updatedAt: now };

/** The server's answer: applied rows leave the change list (deleted ones the draft), the others keep their reason. */
export function applySyncReport(draft: ContactDraft, results: readonly ContactSyncResult[], now: string): ContactDraft {
  const byKey = new Map(results.map((result) => [result.key, result]));
  const rows = draft.rows.flatMap((row): ContactDraftRow[] => {
    const result = byKey.get(row.key);
    if (!result) return [row];
    if (result.outcome === 'applied') return result.contact ? [rowFromContact(result.contact, row.key)] : [];
    if (result.outcome === 'conflict') {
      return [{ ...row, problem: { kind: 'conflict', server: result.server ?? null, message: result.message ?? '' } }];
    }
    return [{ ...row, problem: { kind: 'invalid', message: result.message ?? '' } }];
  });
  return { ...touched(draft, rows, now), pendingSyncKey: null };
}

export interface CsvIntoDraft {
  draft: ContactDraft;
  added: number;
  /** Rows with another column count than the header (spec 000 §5). */
  wrongColumnCount: number;
  /** Numbers already in the draft (by their digits), or twice in the file. */
  duplicates: number;
}

const digitsOf = (phoneNumber: string) => phoneNumber.replace(/[^\d+]/g, '');

/**
 * Pasted or imported CSV, read by the import's rules (header line, first column the number, other non-empty columns
 * metadata, rows of the wrong column count skipped): each row a new contact of the draft. Whether a number is valid
 * and callable is the server's verdict at the sync, as for an import.
 */
export function addCsvRows(draft: ContactDraft, csv: string, newKey: () => string, now: string): CsvIntoDraft {
  const records = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: 'greedy' }).data;
  const [headerCells, ...lines] = records;
  const result: CsvIntoDraft = { draft, added: 0, wrongColumnCount: 0, duplicates: 0 };
  if (!headerCells) return result;
  const header = readHeader(headerCells);
  const known = new Set(draft.rows.filter((row) => row.change !== 'delete').map((row) => digitsOf(row.phoneNumber)));
  const added: ContactDraftRow[] = [];
  for (const cells of lines) {
    const row = readContactRow(header, cells);
    if (row.kind === 'wrong_column_count') {
      result.wrongColumnCount++;
      continue;
    }
    const digits = digitsOf(row.phoneNumber);
    if (known.has(digits)) {
      result.duplicates++;
      continue;
    }
    known.add(digits);
    added.push({
      key: newKey(),
      contactId: null,
      baseVersion: null,
      phoneNumber: row.phoneNumber.trim(),
      metadata: row.metadata,
      change: 'create',
      problem: null,
    });
  }
  return { ...result, draft: touched(draft, [...added, ...draft.rows], now), added: added.length };
}

/** Metadata written as `key=value` pairs separated by semicolons, as the grid's metadata cell edits it. */
export function metadataText(metadata: ContactMetadata): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key}=${value}`)
    .join('; ');
}

export function parseMetadataText(text: string): ContactMetadata {
  const metadata: ContactMetadata = {};
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    if (key) metadata[key] = pair.slice(at + 1).trim();
  }
  return metadata;
}
