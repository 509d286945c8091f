import { Component, startTransition, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  remote: string;
  onRetry: () => void;
  /** What a failure shows instead of the Retry section (a slot inside a page shows nothing). */
  fallback?: ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Contains a remote's failure to its own route; nav, footer and other routes keep working. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
  }

  // A transition: the error section stays (with the delayed spinner above it) until the remote has
  // loaded again or failed again, rather than the route blanking while it loads.
  private retry = (): void => {
    startTransition(() => {
      this.props.onRetry();
      this.setState({ error: null });
    });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <section className="remote-error" role="alert" aria-labelledby="remote-error-title">
        <h1 id="remote-error-title">This part of Cadence could not be loaded</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}
