import { describe, expect, it } from 'vitest';
import type { OutboundContact } from '@shared/api/contacts.types';
import {
  addCsvRows,
  addRow,
  applySyncReport,
  changedRowCount,
  changesToSync,
  createDraft,
  deleteRow,
  editRow,
  keepMine,
  markUnsendableRows,
  metadataText,
  parseMetadataText,
  takeServer,
  withPendingSync,
} from './draftRows';

const NOW = '2026-01-05T00:00:00.000Z';
const LATER = '2026-01-05T01:00:00.000Z';

function contact(id: string, phoneNumber: string, version = 1, metadata: Record<string, string> = {}): OutboundContact {
  return {
    id,
    campaignId: 'c1',
    phoneNumber,
    maxRetries: 3,
    retryDelayMinutes: 30,
    metadata,
    consent: null,
    skipReason: null,
    timezones: ['Pacific/Auckland'],
    timezoneSource: 'number',
    status: 'pending',
    attemptsMade: 0,
    scheduledFor: null,
    nextAttemptAt: null,
    conversationConfig: null,
    conversationId: null,
    version,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

const owner = { userId: 'u1', tenantId: 't1' };
const draftOf = (...contacts: OutboundContact[]) => createDraft(owner, { id: 'c1', name: 'Recall' }, contacts, NOW);

describe('the draft reducer', () => {
  it('starts with every contact unchanged at the version it was read', () => {
    const draft = draftOf(contact('a', '+64215550001', 4, { name: 'Ana' }));
    expect(draft.rows).toEqual([
      {
        key: 'a',
        contactId: 'a',
        baseVersion: 4,
        phoneNumber: '+64215550001',
        metadata: { name: 'Ana' },
        change: 'none',
        problem: null,
      },
    ]);
    expect(changedRowCount(draft)).toBe(0);
    expect(changesToSync(draft)).toEqual([]);
  });

  it('turns edits, additions and deletions into one change per row', () => {
    let draft = draftOf(contact('a', '+64215550001', 2), contact('b', '+64215550002', 5), contact('c', '+6421550003'));
    draft = editRow(draft, 'a', { metadata: { name: 'Ana' } }, LATER);
    draft = editRow(draft, 'a', { phoneNumber: ' 021 555 0009 ' }, LATER);
    draft = deleteRow(draft, 'b', LATER);
    draft = addRow(draft, 'n1', LATER);
    draft = editRow(draft, 'n1', { phoneNumber: '+64215550010' }, LATER);
    draft = addRow(draft, 'n2', LATER);
    draft = deleteRow(draft, 'n2', LATER);
    expect(draft.updatedAt).toBe(LATER);
    expect(changedRowCount(draft)).toBe(3);
    expect(draft.rows.map((row) => row.key)).toEqual(['n1', 'a', 'b', 'c']);
    expect(changesToSync(draft)).toEqual([
      { key: 'n1', op: 'create', phoneNumber: '+64215550010', metadata: {} },
      {
        key: 'a',
        op: 'update',
        contactId: 'a',
        baseVersion: 2,
        phoneNumber: '021 555 0009',
        metadata: { name: 'Ana' },
      },
      { key: 'b', op: 'delete', contactId: 'b', baseVersion: 5 },
    ]);
    expect(changesToSync(draft, 2)).toHaveLength(2);
  });

  it('keeps the key of a sync until its answer arrives, then applies the per-row report', () => {
    let draft = draftOf(contact('a', '+64215550001'), contact('b', '+64215550002'), contact('c', '+64215550003'));
    draft = editRow(draft, 'a', { metadata: { x: '1' } }, NOW);
    draft = editRow(draft, 'b', { metadata: { x: '2' } }, NOW);
    draft = deleteRow(draft, 'c', NOW);
    draft = addRow(draft, 'n', NOW, { phoneNumber: '12', metadata: {} });
    draft = withPendingSync(draft, 'key-1', NOW);
    expect(withPendingSync(draft, 'key-2', NOW).pendingSyncKey).toBe('key-1');

    const server = contact('b', '+64215550002', 3, { x: 'server' });
    draft = applySyncReport(
      draft,
      [
        { key: 'a', outcome: 'applied', contact: contact('a', '+64215550001', 2, { x: '1' }) },
        { key: 'b', outcome: 'conflict', server, message: 'changed' },
        { key: 'c', outcome: 'applied' },
        { key: 'n', outcome: 'invalid', message: 'Invalid phone number format: Too short' },
      ],
      LATER,
    );
    expect(draft.pendingSyncKey).toBeNull();
    expect(draft.rows.map((row) => [row.key, row.change, row.baseVersion, row.problem?.kind ?? null])).toEqual([
      ['n', 'create', null, 'invalid'],
      ['a', 'none', 2, null],
      ['b', 'update', 1, 'conflict'],
    ]);
    // Rows waiting for the operator are not sent again as they are.
    expect(changesToSync(draft)).toEqual([]);
    expect(changedRowCount(draft)).toBe(2);
  });

  it('resolves conflicts: keep mine rebases, take server restores, an edit keeps the edit on the server version', () => {
    const server = contact('b', '+64215550002', 7, { note: 'server' });
    const conflicted = applySyncReport(
      editRow(draftOf(contact('b', '+64215550002', 1)), 'b', { metadata: { note: 'mine' } }, NOW),
      [{ key: 'b', outcome: 'conflict', server, message: 'changed' }],
      NOW,
    );
    const mine = keepMine(conflicted, 'b', LATER);
    expect(changesToSync(mine)).toEqual([
      {
        key: 'b',
        op: 'update',
        contactId: 'b',
        baseVersion: 7,
        phoneNumber: '+64215550002',
        metadata: { note: 'mine' },
      },
    ]);
    const theirs = takeServer(conflicted, 'b', LATER);
    expect(theirs.rows[0]).toMatchObject({
      change: 'none',
      baseVersion: 7,
      metadata: { note: 'server' },
      problem: null,
    });
    const edited = editRow(conflicted, 'b', { metadata: { note: 'both' } }, LATER);
    expect(changesToSync(edited)[0]).toMatchObject({ baseVersion: 7, metadata: { note: 'both' } });
  });

  it('answers a contact deleted on the server: keep mine creates it again, take server drops the row', () => {
    const conflicted = applySyncReport(
      editRow(draftOf(contact('b', '+64215550002')), 'b', { metadata: { a: '1' } }, NOW),
      [{ key: 'b', outcome: 'conflict', server: null, message: 'deleted' }],
      NOW,
    );
    expect(changesToSync(keepMine(conflicted, 'b', LATER))).toEqual([
      { key: 'b', op: 'create', phoneNumber: '+64215550002', metadata: { a: '1' } },
    ]);
    expect(takeServer(conflicted, 'b', LATER).rows).toEqual([]);
    // A delete of a contact someone else deleted already needs nothing more.
    const deleted = applySyncReport(
      deleteRow(draftOf(contact('b', '+64215550002')), 'b', NOW),
      [{ key: 'b', outcome: 'conflict', server: null, message: 'deleted' }],
      NOW,
    );
    expect(keepMine(deleted, 'b', LATER).rows).toEqual([]);
    // takeServer leaves a row without a conflict as it is.
    const plain = draftOf(contact('a', '+64215550001'));
    expect(takeServer(plain, 'a', LATER).rows).toEqual(plain.rows);
  });

  it('reads CSV by the import rules: header, number first, metadata, wrong column counts and duplicates skipped', () => {
    let next = 0;
    const { draft, added, wrongColumnCount, duplicates } = addCsvRows(
      draftOf(contact('a', '+64215550001')),
      'phone,name,\n+64 21 555 0001,Ana,\n+64215550002,Bo,x\n+64215550003,,\n+64215550002,Cy,\nonly-one\n',
      () => `k${next++}`,
      LATER,
    );
    expect({ added, wrongColumnCount, duplicates }).toEqual({ added: 2, wrongColumnCount: 1, duplicates: 2 });
    expect(draft.rows.slice(0, 2)).toEqual([
      expect.objectContaining({ key: 'k0', phoneNumber: '+64215550002', metadata: { name: 'Bo' }, change: 'create' }),
      expect.objectContaining({ key: 'k1', phoneNumber: '+64215550003', metadata: {}, change: 'create' }),
    ]);
  });

  it('keeps rows the request rules refuse in the draft with the reason, and sends the others', () => {
    let draft = addRow(draftOf(contact('a', '+64215550001')), 'empty', NOW);
    draft = addRow(draft, 'long', NOW, { phoneNumber: '1'.repeat(40), metadata: {} });
    draft = editRow(draft, 'a', { metadata: { name: 'Ana' } }, NOW);
    const marked = markUnsendableRows(draft, LATER);
    expect(marked.rows.map((row) => [row.key, row.problem])).toEqual([
      ['long', { kind: 'invalid', message: 'Invalid phone number format' }],
      ['empty', { kind: 'invalid', message: 'A new contact needs a phone number' }],
      ['a', null],
    ]);
    expect(changesToSync(marked).map((change) => change.key)).toEqual(['a']);
    expect(
      markUnsendableRows(editRow(draft, 'empty', { phoneNumber: '+64215550002' }, NOW), NOW).rows[1]?.problem,
    ).toBeNull();
  });

  it('writes and reads metadata as key=value pairs', () => {
    expect(metadataText({ name: 'Ana', plan: 'gold' })).toBe('name=Ana; plan=gold');
    expect(parseMetadataText(' name = Ana ; plan=gold=plus;;=x; junk ')).toEqual({ name: 'Ana', plan: 'gold=plus' });
  });
});
