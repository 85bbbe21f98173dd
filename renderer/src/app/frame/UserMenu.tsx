import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useGetTenantQuery } from '../../features/tenant';
import { DeferredMount } from '../../components/DeferredMount';
import { useAppSelector } from '../../core/hooks';
import { lazyComponent } from '../../core/lazyComponent';
import { selectCurrentUser } from '../../core/sessionSlice';
import { initialsOf } from './navItems';

// The menu itself (with MUI's menu, popover and modal) loads when first opened.
const UserMenuList = lazyComponent(() => import('./UserMenuList'), 'UserMenuList');

/** The avatar button and its menu: who is signed in, API Keys for admins, Log out. */
export function UserMenu() {
  const user = useAppSelector(selectCurrentUser);
  const { data } = useGetTenantQuery(undefined, { skip: !user?.tenantId });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

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
      <DeferredMount when={anchor !== null}>
        <UserMenuList anchor={anchor} tenantName={data?.tenant.name} onClose={() => setAnchor(null)} />
      </DeferredMount>
    </>
  );
}
