import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../../platform';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What the log line of a caught error starts with. */
  logAs: string;
  /** Shown instead of the children after an error; tryAgain renders the children once more. */
  fallback: (tryAgain: () => void) => ReactNode;
  /** A change of key clears the error, so that leaving a page leaves its error behind. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
}

/** The one error guard: logs what it catches and shows its fallback until the person tries again. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logError(`${this.props.logAs}${info.componentStack ?? ''}`, error);
  }

  private readonly tryAgain = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.tryAgain) : this.props.children;
  }
}
