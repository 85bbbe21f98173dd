import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { classifyError } from '@shared/domain/error-classifier';
import { formatCount } from '@shared/domain/format';
import type { ContactSyncResponse } from '@shared/api/contact-sync.types';
import { contactMetadata } from '@shared/schemas/contact.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import SyncIcon from '@mui/icons-material/Sync';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toasts/useToast';
import { ConflictList } from './ConflictList';
import { useGetDraftCampaignQuery, useSyncContactDraftMutation } from './contactDraftsApi';
import { DraftGrid } from './DraftGrid';
import {
  addCsvRows,
  addRow,
  applySyncReport,
  changedRowCount,
  changesToSync,
  deleteRow,
  editRow,
  keepMine,
  markUnsendableRows,
  parseMetadataText,
  takeServer,
  withPendingSync,
  type RowEdit,
} from './draftRows';
import { PasteCsvDialog } from './PasteCsvDialog';
import { isoNow, useContactDraft } from './useContactDraft';

const newKey = () => crypto.randomUUID();

/** The server's message, the error catalogue's (spec 000 §8), or what the device's storage said. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const classified = classifyError(error);
  return classified.serverMessage ?? classified.message;
}

function reportSummary({ results }: ContactSyncResponse): string {
  const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
  return `${formatCount(count('applied'))} applied, ${formatCount(count('conflict'))} conflicts, ${formatCount(count('invalid'))} invalid`;
}

/** Metadata typed as key=value pairs, held to the API's rules before it enters the draft. */
function readMetadata(text: string): RowEdit['metadata'] {
  return contactMetadata().validateSync(parseMetadataText(text)) ?? {};
}

/**
 * A campaign's contacts as an offline draft (issue 13 §1): edited with or without a connection, every change stored
 * on this device before the page moves on, and synced as one request whose per-row report the operator works through.
 */
export function ContactDraftPage() {
  const { id: campaignId = '' } = useParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const user = useAppSelector(selectCurrentUser);
  const owner = useMemo(
    () => (user?.tenantId ? { userId: user.id, tenantId: user.tenantId } : null),
    [user?.id, user?.tenantId],
  );
  const { data: campaign, error: campaignError } = useGetDraftCampaignQuery(campaignId);
  const campaignRef = useMemo(() => (campaign ? { id: campaign.id, name: campaign.name } : null), [campaign]);
  const { state, change, discard, retry } = useContactDraft(owner, campaignId, campaignRef);
  const [syncDraft, { isLoading: syncing }] = useSyncContactDraftMutation();
  const [lastReport, setLastReport] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [discarding, setDiscarding] = useState(false);

  const failed = useCallback(
    (title: string) => (error: unknown) => toast({ title, description: reasonOf(error), variant: 'destructive' }),
    [toast],
  );
  const onEdit = useCallback(
    async (key: string, edit: RowEdit) => {
      await change((draft) => editRow(draft, key, edit, isoNow()));
    },
    [change],
  );
  const onDelete = useCallback(
    (key: string) => void change((draft) => deleteRow(draft, key, isoNow())).catch(failed('The row was not deleted')),
    [change, failed],
  );

  const draft = state.phase === 'ready' ? state.draft : null;
  const pendingSync = draft?.pendingSyncKey != null;
  const campaignName = campaign?.name ?? draft?.campaignName;

  async function sync() {
    try {
      const marked = await change((current) => markUnsendableRows(current, isoNow()));
      const changes = changesToSync(marked);
      if (changes.length === 0) {
        setLastReport('Nothing to sync: every changed row waits for your answer.');
        return;
      }
      const sending = await change((current) => withPendingSync(current, newKey(), isoNow()));
      const report = await syncDraft({
        campaignId,
        idempotencyKey: sending.pendingSyncKey ?? '',
        changes,
      }).unwrap();
      await change((current) => applySyncReport(current, report.results, isoNow()));
      setLastReport(`Sync finished: ${reportSummary(report)}.`);
    } catch (error) {
      failed('Sync did not finish')(error);
    }
  }

  async function addCsv(csv: string) {
    let summary = '';
    await change((current) => {
      const added = addCsvRows(current, csv, newKey, isoNow());
      summary = `${formatCount(added.added)} rows added to the draft; ${formatCount(added.wrongColumnCount)} with the wrong column count and ${formatCount(added.duplicates)} duplicates skipped.`;
      return added.draft;
    });
    toast({ title: summary });
  }

  async function confirmDiscard() {
    setDiscarding(true);
    try {
      await discard();
      navigate(`/campaigns/${encodeURIComponent(campaignId)}`);
    } catch (error) {
      failed('The draft was not discarded')(error);
      setDiscarding(false);
    }
  }

  const changed = draft ? changedRowCount(draft) : 0;
  const conflicts = draft?.rows.filter((row) => row.problem?.kind === 'conflict') ?? [];

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Button component={RouterLink} to={`/campaigns/${encodeURIComponent(campaignId)}`} startIcon={<ArrowBackIcon />}>
        Back to Campaign
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {campaignName ? `${campaignName}: offline draft` : 'Offline draft'}
        </Typography>
        {draft && (
          <Chip
            data-testid="draft-badge"
            color={changed > 0 ? 'warning' : 'default'}
            label={`Draft · ${formatCount(changed)} ${changed === 1 ? 'row' : 'rows'} changed`}
          />
        )}
      </Stack>

      {campaignError && !draft && <Alert severity="error">The campaign could not be loaded.</Alert>}
      {state.phase === 'loading' && !campaignError && <Skeleton variant="rounded" height={320} />}
      {state.phase === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try again
            </Button>
          }
        >
          The contacts could not be read into a draft. Check your connection and try again.
        </Alert>
      )}

      {draft && (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={pendingSync}
              onClick={() =>
                void change((current) => addRow(current, newKey(), isoNow())).catch(failed('The row was not added'))
              }
            >
              Add row
            </Button>
            <Button
              variant="outlined"
              startIcon={<ContentPasteIcon />}
              disabled={pendingSync}
              onClick={() => setPasting(true)}
            >
              Paste or import CSV
            </Button>
            <Button
              variant="contained"
              startIcon={<SyncIcon />}
              loading={syncing}
              disabled={changed === 0 && !pendingSync}
              onClick={() => void sync()}
            >
              {pendingSync ? 'Sync again' : 'Sync'}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DeleteSweepIcon />}
              disabled={syncing}
              onClick={() => setConfirmingDiscard(true)}
            >
              Discard draft
            </Button>
          </Stack>
          {pendingSync && !syncing && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The last sync&apos;s answer did not arrive. Sync again to finish it: nothing is applied twice. The rows
              stay as they were sent until then.
            </Alert>
          )}
          {lastReport && (
            <Alert severity="info" sx={{ mb: 2 }} onClose={() => setLastReport(null)}>
              {lastReport}
            </Alert>
          )}
          <ConflictList
            rows={conflicts}
            disabled={syncing || pendingSync}
            onKeepMine={(key) => void change((current) => keepMine(current, key, isoNow())).catch(failed('Not saved'))}
            onTakeServer={(key) =>
              void change((current) => takeServer(current, key, isoNow())).catch(failed('Not saved'))
            }
          />
          <DraftGrid
            draft={draft}
            editable={!pendingSync && !syncing}
            onEdit={onEdit}
            onDelete={onDelete}
            readMetadata={readMetadata}
            onEditRefused={failed('The change was not kept')}
          />
        </>
      )}

      <PasteCsvDialog open={pasting} onClose={() => setPasting(false)} onAdd={addCsv} />
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard draft?"
        message={`The draft and its ${formatCount(changed)} changed rows that are not synced will be deleted from this device. The server's contacts stay as they are.`}
        confirmLabel="Discard draft"
        busy={discarding}
        onConfirm={() => void confirmDiscard()}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </Box>
  );
}
