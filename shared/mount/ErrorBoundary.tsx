import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@rw/page-runtime';

/** Text shown in a mount point when its widget threw while rendering. */
export const WIDGET_CRASH_TEXT =
  'Sorry, something went wrong showing this part of the page. Please refresh the page or try again later.';

interface Props {
  widget: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches one widget's render errors, reports them and shows a short message (docs/host-contract.md "In brief"). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { source: `widget:${this.props.widget}${info.componentStack ? ' (render)' : ''}` });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p className="rw-message rw-message--error" role="alert">
          {WIDGET_CRASH_TEXT}
        </p>
      );
    }
    return this.props.children;
  }
}
