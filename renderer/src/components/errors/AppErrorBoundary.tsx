import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';

export function FullPageError({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <ErrorScreen
      fullPage
      icon={<ReportProblemOutlinedIcon />}
      title="Something went wrong"
      message="An unexpected error occurred. Please refresh the page, or contact support if the problem continues."
      actions={
        <>
          <Button variant="outlined" onClick={onTryAgain}>
            Try Again
          </Button>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </>
      }
    />
  );
}

/** The full-page error screen (spec 000 §2) around the whole app. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary logAs="unhandled error" fallback={(tryAgain) => <FullPageError onTryAgain={tryAgain} />}>
      {children}
    </ErrorBoundary>
  );
}
