import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiKey } from '@shared/api/api-keys.types';
import { formatDate, formatDateTime } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/forms/FormDialog';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toasts/useToast';
import { useDeleteApiKeyMutation, useGetApiKeysQuery } from './apiKeysApi';
import { CreateApiKeyForm, SCOPE_LABELS } from './CreateApiKeyDialog';
import { EditApiKeyForm } from './EditApiKeyDialog';
import { NewKeySecret } from './NewKeySecret';

/** The theme's error red is too light for small text on white (WCAG AA); its dark shade is not. */
const DESTRUCTIVE = { color: 'error.dark' } as const;

/** Spec 001 §5: the confirmation before a key is deleted. */
export const DELETE_KEY_CONFIRMATION = 'Are you sure you want to delete this API key? This action cannot be undone.';

function KeysTable({
  keys,
  onEdit,
  onDelete,
}: {
  keys: ApiKey[];
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}) {
  return (
    <TableContainer>
      <Table aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Scope</TableCell>
            <TableCell>Permissions</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{key.name}</Typography>
                {key.description && (
                  <Typography variant="body2" color="text.secondary">
                    {key.description}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {key.prefix}…{key.lastFour}
                </Typography>
              </TableCell>
              <TableCell>{SCOPE_LABELS[key.scope]}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {key.permissions.length
                    ? key.permissions.map((permission) => <Chip key={permission} size="small" label={permission} />)
                    : '—'}
                </Stack>
              </TableCell>
              <TableCell>{key.expiresAt ? formatDateTime(key.expiresAt) : 'Never'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={key.active ? 'Active' : 'Inactive'}
                  color={key.active ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell>{formatDate(key.createdAt)}</TableCell>
              <TableCell>
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
                {key.lastUsedIp && (
                  <Typography variant="body2" color="text.secondary">
                    from {key.lastUsedIp}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onEdit(key)} aria-label={`Edit ${key.name}`}>
                  Edit
                </Button>
                <Button size="small" sx={DESTRUCTIVE} onClick={() => onDelete(key)} aria-label={`Delete ${key.name}`}>
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** API keys (spec 001 §2): the tenant's keys, created with a secret shown once, edited and deleted by admins. */
export function ApiKeysPage() {
  const keys = useGetApiKeysQuery();
  const [deleteKey, deletion] = useDeleteApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const { toast } = useToast();

  const onDelete = async () => {
    if (!deleting) return;
    const outcome = await deleteKey(deleting.id);
    if ('error' in outcome) {
      toast({
        title: 'Error',
        description: serverMessageOr(outcome.error, 'Failed to delete API key'),
        variant: 'destructive',
      });
    } else {
      toast({ title: 'API key deleted', description: `${deleting.name} no longer works.` });
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title="API Keys"
        subtitle="Keys that let your systems call the Parley API."
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/api-docs" startIcon={<MenuBookIcon />}>
              API reference
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create API Key
            </Button>
          </Stack>
        }
      />
      <Card>
        {keys.isLoading && <Skeleton variant="rounded" height={160} />}
        {keys.isError && <Alert severity="error">{serverMessageOr(keys.error, 'Failed to load API keys')}</Alert>}
        {keys.data && keys.data.length === 0 && (
          <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
            <KeyIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="p">
              No API Keys
            </Typography>
            <Typography color="text.secondary">Create a key to let your systems call the Parley API.</Typography>
          </Box>
        )}
        {keys.data && keys.data.length > 0 && <KeysTable keys={keys.data} onEdit={setEditing} onDelete={setDeleting} />}
      </Card>

      <FormDialog open={creating} onClose={() => setCreating(false)}>
        <CreateApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created.apiKey);
            toast({ title: 'API key created', description: `${created.key.name} is ready to use.` });
          }}
        />
      </FormDialog>
      <NewKeySecret secret={secret} onClose={() => setSecret(null)} />
      <FormDialog open={Boolean(editing)} onClose={() => setEditing(null)}>
        {editing && <EditApiKeyForm apiKey={editing} onDone={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete API key"
        message={DELETE_KEY_CONFIRMATION}
        confirmLabel="Delete"
        busy={deletion.isLoading}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
