import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContactDraft } from '@shared/api/contact-drafts.types';
import type { DraftOwner } from '@shared/api/desktop-bridge';
import type { OutboundContact } from '@shared/api/contacts.types';
import { platform } from '../../platform';
import { useLazyGetDraftSourcePageQuery } from './contactDraftsApi';
import { createDraft } from './draftRows';

export type DraftState =
  { phase: 'loading' } | { phase: 'ready'; draft: ContactDraft } | { phase: 'failed'; error: unknown };

export const isoNow = () => new Date().toISOString();

/**
 * The operator's draft of a campaign's contacts: the stored one, or a new one read from the server a page at a
 * time. `change` writes the next draft through the platform's store before the page shows it (write-ahead), one
 * change after another, so what the operator sees is always what a reload would find.
 */
/**
 * `campaign` is needed only to start a draft (its name goes with it); a stored draft opens without it, so that the
 * page works with no connection. `owner` and `campaign` must keep their identity between renders (memoised).
 */
export function useContactDraft(
  owner: DraftOwner | null,
  campaignId: string,
  campaign: { id: string; name: string } | null,
) {
  const [state, setState] = useState<DraftState>({ phase: 'loading' });
  const [readPage] = useLazyGetDraftSourcePageQuery();
  const current = useRef<ContactDraft | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!owner) return;
    let cancelled = false;
    (async () => {
      const held = current.current;
      const holdsThis =
        held?.campaignId === campaignId && held.userId === owner.userId && held.tenantId === owner.tenantId;
      let draft = holdsThis ? held : await platform.contactDrafts.load(owner, campaignId);
      if (!draft) {
        if (!campaign) return;
        const contacts: OutboundContact[] = [];
        let after: string | null = null;
        do {
          const page = await readPage({ campaignId, after }).unwrap();
          contacts.push(...page.contacts);
          after = page.nextCursor;
        } while (after && !cancelled);
        if (cancelled) return;
        draft = createDraft(owner, campaign, contacts, isoNow());
        await platform.contactDrafts.save(draft);
      }
      if (cancelled) return;
      current.current = draft;
      setState({ phase: 'ready', draft });
    })().catch((error: unknown) => {
      if (!cancelled) setState({ phase: 'failed', error });
    });
    return () => {
      cancelled = true;
    };
  }, [owner, campaignId, campaign, attempt, readPage]);

  const change = useCallback((next: (draft: ContactDraft) => ContactDraft): Promise<ContactDraft> => {
    const run = queue.current.then(async () => {
      if (!current.current) throw new Error('The draft is not loaded yet.');
      const draft = next(current.current);
      await platform.contactDrafts.save(draft);
      current.current = draft;
      setState({ phase: 'ready', draft });
      return draft;
    });
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const discard = useCallback(async () => {
    if (!owner) return;
    await queue.current;
    await platform.contactDrafts.remove(owner, campaignId);
    current.current = null;
  }, [owner, campaignId]);

  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, change, discard, retry };
}
