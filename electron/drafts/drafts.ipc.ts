import type { ContactDraft } from '@shared/api/contact-drafts.types';
import { contactDraftSchema, draftOwnerSchema, draftRefSchema } from '@shared/schemas/desktop-ipc.schema';
import { INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { ArgumentSchema, HandlerMap } from '../ipc/ipc-handlers';
import type { DraftStore } from './draft-store';

/** `drafts:list|load|save|remove`: the renderer's offline contact drafts, checked on arrival like the vault's. */
export function draftHandlers(store: DraftStore): HandlerMap {
  return {
    [INVOKE_CHANNELS.draftsList]: { schema: draftOwnerSchema, handle: (owner) => store.list(owner) },
    [INVOKE_CHANNELS.draftsLoad]: { schema: draftRefSchema, handle: (ref) => store.load(ref) },
    [INVOKE_CHANNELS.draftsSave]: {
      // The schema checks a conflict's server copy as an object; its fields are the server's, shown, never trusted.
      schema: contactDraftSchema as ArgumentSchema<ContactDraft>,
      handle: async (draft) => {
        await store.save(draft);
        return null;
      },
    },
    [INVOKE_CHANNELS.draftsRemove]: {
      schema: draftRefSchema,
      handle: async (ref) => {
        await store.remove(ref);
        return null;
      },
    },
  };
}
