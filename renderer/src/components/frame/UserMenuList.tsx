import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/sessionSlice';
import { logout } from '../../features/auth/sessionActions';
import { API_KEYS_ITEM, isAllowed, ROLE_LABELS } from './navItems';

/** The avatar menu's list: who is signed in, API Keys for admins, Log out. */
export function UserMenuList({
  anchor,
  tenantName,
  onClose,
}: {
  anchor: HTMLElement | null;
  tenantName: string | undefined;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  return (
    <Menu
      id="user-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle2" noWrap>
          {user?.email}
        </Typography>
        <Typography variant="body2" color="textSecondary" noWrap>
          {user ? ROLE_LABELS[user.role] : ''}
          {tenantName ? ` · ${tenantName}` : ''}
        </Typography>
      </Box>
      <Divider />
      {isAllowed(API_KEYS_ITEM, user?.role) && (
        <MenuItem component={RouterLink} to={API_KEYS_ITEM.to} onClick={onClose}>
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          {API_KEYS_ITEM.label}
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          void dispatch(logout());
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Log out
      </MenuItem>
    </Menu>
  );
}
