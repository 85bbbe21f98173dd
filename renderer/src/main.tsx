import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore, persistSession } from './core/store';
import { restoreSession } from './features/auth/restoreSession';

const store = makeStore();
persistSession(store);
void store.dispatch(restoreSession());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
