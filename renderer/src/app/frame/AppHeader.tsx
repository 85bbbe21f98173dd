import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { Logo } from '../../components/frame/Logo';
import { NotificationCentre } from '../../components/notifications/NotificationCentre';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { isNavItemActive, navItemsFor } from './navItems';
import { UserMenu } from './UserMenu';

/**
 * Header of the page frame: logo, nav links by role with the current one highlighted, a tenant member's notification
 * centre, user menu.
 */
export function AppHeader({ onOpenDrawer }: { onOpenDrawer: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const items = navItemsFor(user);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
        <IconButton
          edge="start"
          aria-label="Open navigation menu"
          onClick={onOpenDrawer}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <Box
          component="nav"
          aria-label="Main navigation"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flex: 1, minWidth: 0 }}
        >
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <Button
                key={item.to}
                component={RouterLink}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                sx={{
                  px: 1.5,
                  whiteSpace: 'nowrap',
                  color: active ? 'primary.main' : 'text.secondary',
                  bgcolor: active ? 'action.selected' : 'transparent',
                  '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
                }}
              >
                {item.label}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flex: { xs: 1, md: 0 } }} />
        {user?.tenantId && <NotificationCentre />}
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
