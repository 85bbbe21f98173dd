import type { ContactDraft } from '@shared/api/contact-drafts.types';
import type { DesktopBridge } from '@shared/api/desktop-bridge';

/**
 * Where offline contact drafts live: the desktop console's main process (files, through the bridge) or IndexedDB
 * in the browser. `save` resolves only once the draft is stored, so the editor can write ahead of every change.
 */
export type ContactDraftStore = NonNullable<DesktopBridge['contactDrafts']>;

/** What a draft list shows: the number of rows the next sync would send or that wait for the operator. */
export const changedRowsOf = (draft: ContactDraft) => draft.rows.filter((row) => row.change !== 'none').length;

/** The desktop console's store: every call crosses the bridge to the main process, which writes before answering. */
export function createBridgeContactDraftStore(bridge: ContactDraftStore): ContactDraftStore {
  return {
    list: (owner) => bridge.list(owner),
    load: (owner, campaignId) => bridge.load(owner, campaignId),
    save: (draft) => bridge.save(draft),
    remove: (owner, campaignId) => bridge.remove(owner, campaignId),
  };
}

/**
 * A store loaded on first use: the browser's IndexedDB store stays out of the first load of every page (the app
 * shell is near its size budget), and comes in when a draft is first opened.
 */
export function deferredContactDraftStore(load: () => Promise<ContactDraftStore>): ContactDraftStore {
  let loading: Promise<ContactDraftStore> | null = null;
  const store = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    list: async (owner) => (await store()).list(owner),
    load: async (owner, campaignId) => (await store()).load(owner, campaignId),
    save: async (draft) => (await store()).save(draft),
    remove: async (owner, campaignId) => (await store()).remove(owner, campaignId),
  };
}
