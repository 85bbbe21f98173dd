import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { logError } from '../../platform';
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

interface State {
  error: unknown;
}

/** The full-page error screen (spec 000 §2) around the whole app. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(`unhandled error${info.componentStack ?? ''}`, error);
  }

  override render() {
    if (this.state.error) return <FullPageError onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
