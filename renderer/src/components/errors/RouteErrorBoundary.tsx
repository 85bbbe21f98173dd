import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';

export function PageError({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <ErrorScreen
      icon={<ErrorOutlineIcon />}
      title="Page Error"
      message="This page encountered an error and couldn't load properly."
      actions={
        <>
          <Button variant="outlined" onClick={onTryAgain}>
            Try Again
          </Button>
          <Button variant="contained" component={RouterLink} to="/">
            Go Home
          </Button>
        </>
      }
    />
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A change of key (the path) clears the error, so that leaving the page leaves its error behind. */
  resetKey: string;
}

/** The per-route guard of spec 000 §2: one failing page never takes the frame down with it. */
export function RouteErrorBoundary({ children, resetKey }: RouteErrorBoundaryProps) {
  return (
    <ErrorBoundary logAs="page error" resetKey={resetKey} fallback={(tryAgain) => <PageError onTryAgain={tryAgain} />}>
      {children}
    </ErrorBoundary>
  );
}
