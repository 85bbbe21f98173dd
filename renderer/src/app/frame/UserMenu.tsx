import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import { logout } from '../../features/auth';
import { useGetTenantQuery } from '../../features/tenant';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectCurrentUser } from '../sessionSlice';
import { API_KEYS_ITEM, initialsOf, isAllowed, ROLE_LABELS } from './navItems';

/** The avatar menu: who is signed in, API Keys for admins, Log out. */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data } = useGetTenantQuery(undefined, { skip: !user?.tenantId });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>
          {initialsOf(user?.email)}
        </Avatar>
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
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
            {data?.tenant.name ? ` · ${data.tenant.name}` : ''}
          </Typography>
        </Box>
        <Divider />
        {isAllowed(API_KEYS_ITEM, user) && (
          <MenuItem component={RouterLink} to={API_KEYS_ITEM.to} onClick={close}>
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            {API_KEYS_ITEM.label}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void dispatch(logout());
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}
