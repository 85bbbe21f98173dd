import type { ContactDraft } from '@shared/api/contact-drafts.types';
import type { DraftOwner } from '@shared/api/desktop-bridge';
import { changedRowsOf, type ContactDraftStore } from './contactDraftStore';

const DATABASE = 'parley-contact-drafts';
const STORE = 'drafts';
const BY_OWNER = 'by-owner';

const draftKey = (owner: DraftOwner, campaignId: string) => [owner.tenantId, owner.userId, campaignId];
const ownerKey = (owner: DraftOwner) => [owner.tenantId, owner.userId];

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The browser could not read or write the draft.'));
  });
}

/** Resolves when the transaction is durable (its `complete` event), not merely when its request succeeded. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('The browser did not store the draft.'));
    transaction.onerror = () => reject(transaction.error ?? new Error('The browser did not store the draft.'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: ['tenantId', 'userId', 'campaignId'] });
    store.createIndex(BY_OWNER, ['tenantId', 'userId']);
  };
  return promised(request);
}

/**
 * Drafts in the browser's IndexedDB, one record per user, tenant and campaign; a save is acknowledged once its
 * transaction has completed ('strict' durability where the browser offers it), so a reload or a crash keeps it.
 */
export function createIndexedDbContactDraftStore(factory: () => IDBFactory): ContactDraftStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= openDatabase(factory()).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const transaction = (await database()).transaction(STORE, mode, { durability: 'strict' });
    const done = committed(transaction);
    const result = await promised(work(transaction.objectStore(STORE)));
    await done;
    return result;
  }

  return {
    async list(owner) {
      const drafts = await run(
        'readonly',
        (store) => store.index(BY_OWNER).getAll(ownerKey(owner)) as IDBRequest<ContactDraft[]>,
      );
      return drafts.map((draft) => ({
        campaignId: draft.campaignId,
        campaignName: draft.campaignName,
        updatedAt: draft.updatedAt,
        changedRows: changedRowsOf(draft),
      }));
    },
    async load(owner, campaignId) {
      const draft = await run(
        'readonly',
        (store) => store.get(draftKey(owner, campaignId)) as IDBRequest<ContactDraft | undefined>,
      );
      return draft ?? null;
    },
    async save(draft) {
      await run('readwrite', (store) => store.put(draft));
    },
    async remove(owner, campaignId) {
      await run('readwrite', (store) => store.delete(draftKey(owner, campaignId)));
    },
  };
}
