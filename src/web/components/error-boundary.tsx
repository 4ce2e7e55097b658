import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Texts } from '#engine/texts.ts';
import { reportError } from '#web/lib/load-error-reporting.ts';

type Props = { texts: Texts; children: ReactNode };

/** A calm message and a reload instead of a blank page; the answers wait in sessionStorage. */
export class ErrorBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(Object.assign(error, { componentStack: info.componentStack }));
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    const { texts } = this.props;
    return (
      <main className="page-error" role="alert">
        <h1>{texts.pageError}</h1>
        <p>{texts.pageErrorDetail}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {texts.reload}
        </button>
      </main>
    );
  }
}
