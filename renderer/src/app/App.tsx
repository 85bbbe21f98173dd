import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from '../components/errors/AppErrorBoundary';
import { AppRouter } from './router';
import type { AppStore } from '../core/store';
import { theme } from './theme';

export function App({ store }: { store: AppStore }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <Provider store={store}>
          <AppRouter />
        </Provider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
