import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  popsUp,
  type NotificationKind,
} from '@shared/domain/notification-routing';
import { formatDateTime } from '@shared/domain/format';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { allRead, popUpChosen, selectNotifications, selectPopUpChoices, selectUnreadCount } from './notificationsSlice';
import { savePopUpChoices } from './popUpChoicesStore';

/**
 * The header's notification centre: every notification the live events brought this session, the unread ones
 * counted on the bell, and one switch per kind for whether it also pops up (a toast; a native notification on the
 * desktop). Closing it marks everything read.
 */
export function NotificationCentre() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = useAppSelector(selectCurrentUser)?.id;
  const items = useAppSelector(selectNotifications);
  const unread = useAppSelector(selectUnreadCount);
  const choices = useAppSelector(selectPopUpChoices);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();

  const close = () => {
    setAnchor(null);
    dispatch(allRead());
  };
  const choose = (kind: NotificationKind, on: boolean) => {
    dispatch(popUpChosen({ kind, popsUp: on }));
    if (userId) savePopUpChoices(userId, { ...choices, [kind]: on });
  };

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 360, maxWidth: '95vw' } } }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
          Notifications
        </Typography>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            Nothing new since you signed in.
          </Typography>
        ) : (
          <List dense aria-label="Recent notifications" sx={{ maxHeight: 320, overflowY: 'auto' }} tabIndex={0}>
            {items.map((item) => (
              <ListItemButton
                key={item.id}
                onClick={() => {
                  close();
                  void navigate(item.route);
                }}
                sx={{ alignItems: 'flex-start', bgcolor: item.read ? undefined : 'action.selected' }}
              >
                <ListItemText
                  primary={item.read ? item.title : `${item.title} (new)`}
                  secondary={`${item.body} · ${formatDateTime(item.at)}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        <Divider />
        <Box component="fieldset" sx={{ border: 0, m: 0, px: 2, py: 1 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
            Also pop up when
          </Typography>
          {NOTIFICATION_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              sx={{ display: 'flex' }}
              control={<Switch size="small" checked={popsUp(kind, choices)} onChange={(_, on) => choose(kind, on)} />}
              label={<Typography variant="body2">{NOTIFICATION_KIND_LABELS[kind]}</Typography>}
            />
          ))}
        </Box>
      </Popover>
    </>
  );
}
