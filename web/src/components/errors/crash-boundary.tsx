import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@shop/shared';
import { reloadPage } from '../../lib/reload-page';

interface CrashBoundaryProps {
  children: ReactNode;
}

interface CrashBoundaryState {
  error: Error | null;
}

export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="status-screen" role="alert" aria-labelledby="crash-title">
      <h1 id="crash-title">{MESSAGES.crashTitle}</h1>
      <p>{MESSAGES.crashText}</p>
      <div className="status-screen__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {MESSAGES.crashTryAgain}
        </button>
        <button type="button" className="button button--ghost" onClick={reloadPage}>
          {MESSAGES.crashReload}
        </button>
      </div>
    </section>
  );
}

/** The generic crash screen for anything the router's own error screens do not catch. */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  state: CrashBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): CrashBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the application', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <CrashScreen onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
