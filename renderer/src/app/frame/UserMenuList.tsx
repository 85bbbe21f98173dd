import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { logout } from '../../features/auth';
import { platform } from '../../platform';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { DESKTOP_SETTINGS_PATH } from '../routes';
import { selectCurrentUser } from '../../core/sessionSlice';
import { API_KEYS_ITEM, isAllowed, ROLE_LABELS } from './navItems';

/** The avatar menu's list: who is signed in, API Keys for admins, Desktop settings on the desktop, Log out. */
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
    <Popover
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
      {/* Who is signed in sits above the menu: a role="menu" list may hold only its items. */}
      <MenuList id="user-menu" autoFocusItem aria-label="User menu">
        {isAllowed(API_KEYS_ITEM, user) && (
          <MenuItem component={RouterLink} to={API_KEYS_ITEM.to} onClick={onClose}>
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            {API_KEYS_ITEM.label}
          </MenuItem>
        )}
        {platform.kind === 'desktop' && (
          <MenuItem component={RouterLink} to={DESKTOP_SETTINGS_PATH} onClick={onClose}>
            <ListItemIcon>
              <SettingsIcon fontSize="small" />
            </ListItemIcon>
            Desktop settings
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
      </MenuList>
    </Popover>
  );
}
