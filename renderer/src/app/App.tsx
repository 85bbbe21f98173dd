import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from '../components/errors/AppErrorBoundary';
import { createAppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
