import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { logError } from '../../platform';
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

interface Props {
  children: ReactNode;
  /** A change of key (the path) clears the error, so that leaving the page leaves its error behind. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** The per-route guard of spec 000 §2: one failing page never takes the frame down with it. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(`page error${info.componentStack ?? ''}`, error);
  }

  override render() {
    if (this.state.error) return <PageError onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
