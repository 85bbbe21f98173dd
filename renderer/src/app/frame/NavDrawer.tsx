import { Link as RouterLink, useLocation } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import { Logo } from '../../components/frame/Logo';
import { logout } from '../../features/auth';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { API_KEYS_ITEM, initialsOf, isAllowed, isNavItemActive, navItemsFor, ROLE_LABELS } from './navItems';

/** The small-screen side drawer of spec 000 §2. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const items = navItemsFor(user);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      anchor="left"
      slotProps={{ paper: { sx: { width: 288 }, 'aria-label': 'Navigation menu' } }}
    >
      <Box sx={{ px: 2.5, py: 2 }}>
        <Logo />
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
        <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700, fontSize: 15 }}>{initialsOf(user?.email)}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap data-testid="drawer-email">
            {user?.email || 'Demo User'}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="drawer-role">
            {user ? ROLE_LABELS[user.role] : ''}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <List component="nav" aria-label="Main navigation" sx={{ px: 1 }}>
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={item.to}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onClose}
              sx={{ borderRadius: 1.5 }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          );
        })}
        {isAllowed(API_KEYS_ITEM, user) && (
          <ListItemButton
            component={RouterLink}
            to={API_KEYS_ITEM.to}
            selected={isNavItemActive(API_KEYS_ITEM, pathname)}
            onClick={onClose}
            sx={{ borderRadius: 1.5 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={API_KEYS_ITEM.label} />
          </ListItemButton>
        )}
      </List>
      <Divider />
      <List component="div" sx={{ px: 1 }}>
        <ListItemButton
          sx={{ borderRadius: 1.5 }}
          onClick={() => {
            onClose();
            void dispatch(logout());
          }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Log out" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
