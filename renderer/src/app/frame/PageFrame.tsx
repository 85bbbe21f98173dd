import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ConnectionBanner } from '../../components/connectivity/ConnectionBanner';
import { DeferredMount } from '../../components/DeferredMount';
import { AppFooter } from '../../components/frame/AppFooter';
import { lazyComponent } from '../../core/lazyComponent';
import { AppHeader } from './AppHeader';
import { UnverifiedEmailNotice } from './UnverifiedEmailNotice';

// The small-screen drawer loads when first opened.
const NavDrawer = lazyComponent(() => import('./NavDrawer'), 'NavDrawer');

/** The page frame of spec 000 §2: header, banners, the page, footer. */
export function PageFrame() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppHeader onOpenDrawer={() => setDrawerOpen(true)} />
      <DeferredMount when={drawerOpen}>
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </DeferredMount>
      <ConnectionBanner />
      <UnverifiedEmailNotice />
      <Container component="main" maxWidth="xl" sx={{ flex: 1, py: { xs: 3, md: 4 } }}>
        <Outlet />
      </Container>
      <AppFooter />
    </Box>
  );
}
