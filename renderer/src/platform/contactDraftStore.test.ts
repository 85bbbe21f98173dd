import { describe, expect, it, vi } from 'vitest';
import type { ContactDraft } from '@shared/api/contact-drafts.types';
import {
  changedRowsOf,
  createBridgeContactDraftStore,
  deferredContactDraftStore,
  type ContactDraftStore,
} from './contactDraftStore';

const owner = { userId: 'u1', tenantId: 't1' };
const draft: ContactDraft = {
  campaignId: 'c1',
  campaignName: 'Recall',
  userId: 'u1',
  tenantId: 't1',
  createdAt: '2026-01-05T00:00:00.000Z',
  updatedAt: '2026-01-05T00:00:00.000Z',
  rows: [
    {
      key: 'a',
      contactId: 'a',
      baseVersion: 1,
      phoneNumber: '+64215550001',
      metadata: {},
      change: 'none',
      problem: null,
    },
    { key: 'b', contactId: null, baseVersion: null, phoneNumber: '', metadata: {}, change: 'create', problem: null },
  ],
  pendingSyncKey: null,
};

describe('the desktop draft store', () => {
  it("sends every call across the bridge and answers with the main process's answer", async () => {
    const bridge: ContactDraftStore = {
      list: vi.fn(async () => [
        { campaignId: 'c1', campaignName: 'Recall', updatedAt: draft.updatedAt, changedRows: 1 },
      ]),
      load: vi.fn(async () => draft),
      save: vi.fn(async () => undefined),
      remove: vi.fn(async () => undefined),
    };
    const store = createBridgeContactDraftStore(bridge);
    await store.save(draft);
    expect(bridge.save).toHaveBeenCalledWith(draft);
    expect(await store.load(owner, 'c1')).toBe(draft);
    expect(bridge.load).toHaveBeenCalledWith(owner, 'c1');
    expect((await store.list(owner))[0]?.changedRows).toBe(1);
    await store.remove(owner, 'c1');
    expect(bridge.remove).toHaveBeenCalledWith(owner, 'c1');
  });

  it('refuses a save the main process could not write, so the editor does not move on', async () => {
    const refused = new Error('DRAFT_WRITE_FAILED: the disk is full');
    const bridge: ContactDraftStore = {
      list: vi.fn(),
      load: vi.fn(),
      save: vi.fn(async () => {
        throw refused;
      }),
      remove: vi.fn(),
    };
    await expect(createBridgeContactDraftStore(bridge).save(draft)).rejects.toBe(refused);
  });

  it('counts the rows a draft list shows as changed', () => {
    expect(changedRowsOf(draft)).toBe(1);
  });

  it('loads a deferred store once, on first use, and tries again after a failed load', async () => {
    const inner: ContactDraftStore = {
      list: vi.fn(async () => []),
      load: vi.fn(async () => draft),
      save: vi.fn(async () => undefined),
      remove: vi.fn(async () => undefined),
    };
    const load = vi
      .fn<() => Promise<ContactDraftStore>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(inner);
    const store = deferredContactDraftStore(load);
    expect(load).not.toHaveBeenCalled();
    await expect(store.load(owner, 'c1')).rejects.toThrow('chunk failed');
    expect(await store.load(owner, 'c1')).toBe(draft);
    await store.save(draft);
    expect(inner.save).toHaveBeenCalledWith(draft);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
