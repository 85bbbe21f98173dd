/**
 * A process that saves a contact draft and stops just before the rename, holding there until it is killed: the
 * draft store's crash test kills it with SIGKILL at that point, as a power cut or a crash would.
 * argv: <root> <draft JSON>
 */
import { createDraftStore } from '../drafts/draft-store';
import { nodeFileSystem } from '../storage/atomic-file';

const [root = '', draftJson = ''] = process.argv.slice(2);
const store = createDraftStore({
  root,
  files: {
    ...nodeFileSystem,
    rename: () => {
      process.send?.('before-rename');
      return new Promise<void>(() => undefined);
    },
  },
});
void store.save(JSON.parse(draftJson));
