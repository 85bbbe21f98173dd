import { useId, useState } from 'react';
import type { Callback } from '@shared/api/callbacks.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useGetCallbackAssigneesQuery } from './callbacksApi';

interface AssignCallbackDialogProps {
  /** The callback to give; the dialog is open while there is one. */
  callback: Callback | null;
  tenantId: string;
  busy: boolean;
  onAssign: (callback: Callback, assigneeId: string) => void;
  onClose: () => void;
}

/** An admin gives a callback to a member of the team. */
export function AssignCallbackDialog({ callback, tenantId, busy, onAssign, onClose }: AssignCallbackDialogProps) {
  const members = useGetCallbackAssigneesQuery(tenantId, { skip: !callback });
  const [chosen, setChosen] = useState('');
  const titleId = useId();
  const labelId = useId();
  const who = callback ? (callback.contactName ?? formatPhoneNumber(callback.phoneNumber)) : '';
  return (
    <Dialog open={callback !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Assign the callback to {who}</DialogTitle>
      <DialogContent>
        {members.error ? (
          <Alert severity="error">The team could not be loaded.</Alert>
        ) : (
          <FormControl fullWidth sx={{ mt: 1 }}>
            <InputLabel id={labelId}>Team member</InputLabel>
            <Select
              labelId={labelId}
              label="Team member"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              {(members.data ?? []).map((member) => (
                <MenuItem key={member.id} value={member.id}>
                  {member.email}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!chosen}
          loading={busy}
          onClick={() => callback && onAssign(callback, chosen)}
        >
          Assign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
