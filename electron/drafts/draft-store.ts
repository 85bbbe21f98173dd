import path from 'node:path';
import type { ContactDraft, ContactDraftSummary } from '@shared/api/contact-drafts.types';
import type { DraftOwner } from '@shared/api/desktop-bridge';
import { contactDraftSchema, type DraftRef } from '@shared/schemas/desktop-ipc.schema';
import { DesktopError } from '../ipc/desktop-error';
import {
  createWriteQueue,
  listFolder,
  nodeFileSystem,
  readTextFile,
  writeFileAtomic,
  type StoreFileSystem,
} from '../storage/atomic-file';
import { safeSegment, userFolder } from '../storage/user-folders';

/** The offline contact drafts: one JSON file per (tenant, user, campaign), main process only. */
export interface DraftStore {
  list(owner: DraftOwner): Promise<ContactDraftSummary[]>;
  load(ref: DraftRef): Promise<ContactDraft | null>;
  save(draft: ContactDraft): Promise<void>;
  remove(ref: DraftRef): Promise<void>;
}

export interface DraftStoreOptions {
  /** The per-user folders' root (userData/users in the app). */
  root: string;
  files?: StoreFileSystem;
  now?: () => Date;
  /** Told when a draft could not be read and was moved aside, with where it now is. */
  onCorrupt?(file: string, keptAs: string, reason: string): void;
}

const DRAFT_FILE = /^([A-Za-z0-9_-]{1,64})\.json$/;

export function createDraftStore(options: DraftStoreOptions): DraftStore {
  const { root, files = nodeFileSystem, now = () => new Date() } = options;
  const queue = createWriteQueue();
  const folderOf = (owner: DraftOwner) => path.join(userFolder(root, owner), 'drafts');
  const fileOf = (ref: DraftRef) => path.join(folderOf(ref.owner), `${safeSegment(ref.campaignId)}.json`);

  /** Reads a draft; a file that is not a draft of this owner and campaign is moved aside and reported. */
  async function read(ref: DraftRef): Promise<ContactDraft | null> {
    const file = fileOf(ref);
    const text = await readTextFile(files, file);
    if (text === null) return null;
    let problem: string;
    try {
      const draft = (await contactDraftSchema.validate(JSON.parse(text))) as ContactDraft;
      const belongs =
        draft.campaignId === ref.campaignId &&
        draft.userId === ref.owner.userId &&
        draft.tenantId === ref.owner.tenantId;
      if (belongs) return draft;
      problem = 'the file belongs to another draft';
    } catch (error) {
      problem = error instanceof Error ? error.message : 'unreadable';
    }
    // Never emptied: the bytes stay on disk under a name the store no longer reads, for the operator to recover.
    const keptAs = `${file.slice(0, -'.json'.length)}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}.json`;
    await files.rename(file, keptAs);
    options.onCorrupt?.(file, keptAs, problem);
    throw new DesktopError(
      'DRAFT_CORRUPT',
      `The draft could not be read (${problem.slice(0, 200)}); it was kept as ${keptAs}.`,
    );
  }

  return {
    async list(owner) {
      const names = await listFolder(files, folderOf(owner));
      const summaries: ContactDraftSummary[] = [];
      for (const name of names.sort()) {
        const campaignId = DRAFT_FILE.exec(name)?.[1];
        if (!campaignId) continue;
        try {
          const draft = await queue(fileOf({ owner, campaignId }), () => read({ owner, campaignId }));
          if (draft) summaries.push(summarise(draft));
        } catch (error) {
          // Moved aside and reported by read(); the other drafts still list.
          if (!(error instanceof DesktopError)) throw error;
        }
      }
      return summaries;
    },

    load(ref) {
      return queue(fileOf(ref), () => read(ref));
    },

    async save(draft) {
      const valid = (await contactDraftSchema.validate(draft)) as ContactDraft;
      const ref = { owner: { userId: valid.userId, tenantId: valid.tenantId }, campaignId: valid.campaignId };
      await queue(fileOf(ref), () => writeFileAtomic(files, fileOf(ref), JSON.stringify(valid)));
    },

    async remove(ref) {
      await queue(fileOf(ref), () => files.rm(fileOf(ref), { force: true }));
    },
  };
}

function summarise(draft: ContactDraft): ContactDraftSummary {
  return {
    campaignId: draft.campaignId,
    campaignName: draft.campaignName,
    updatedAt: draft.updatedAt,
    changedRows: draft.rows.filter((row) => row.change !== 'none').length,
  };
}
