/**
 * Code loaded on demand that loads again after a failure (docs/offline.md "Code that loads
 * again"): {@link reloadableLazy} in place of `React.lazy`, and {@link LazyPart} in place of
 * `<Suspense>` around it.
 */
import { Component, lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { CODE_LOAD_MESSAGE, isCodeLoadFailure } from '../api/policy';

/** What a part shows when its code did not arrive: a connection problem, and how to go on. */
export const LAZY_PART_TEXT = `${CODE_LOAD_MESSAGE} Check your connection, then try again.`;
/** The button that loads the part again. */
export const LAZY_PART_RETRY = 'Try again';

/**
 * `React.lazy` whose failed load is tried again: React keeps a lazy component's failure for good,
 * so after a failure the next render gets a new lazy component that calls `load` again.
 *
 * @param load the dynamic import, resolving to a module with the component as `default`
 * @returns a component rendering the loaded one with the same props; it suspends while loading and
 *   throws the load's failure (webpack's `ChunkLoadError`) to the nearest {@link LazyPart}
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function reloadableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const attempt = (): Promise<{ default: T }> =>
    load().catch((error: unknown) => {
      Current = lazy(attempt);
      throw error;
    });
  let Current = lazy(attempt);
  function Reloadable(props: ComponentProps<T>) {
    return <Current {...props} />;
  }
  return Reloadable;
}

interface Props {
  /** Shown while the part's code loads (what `<Suspense fallback>` takes). */
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failure: unknown;
}

/**
 * `<Suspense>` for a part whose code loads on demand. When the code does not arrive, the part
 * shows {@link LAZY_PART_TEXT} with a {@link LAZY_PART_RETRY} button (an alert), and loads again
 * when that is pressed or when the browser says it is back online. Any other error goes on to the
 * widget's error boundary.
 */
export class LazyPart extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(failure: unknown): State {
    return { failure };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = (): void => {
    if (this.state.failure !== null) this.setState({ failure: null });
  };

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    // Not a missing file: the widget's own error boundary reports it.
    if (!isCodeLoadFailure(failure)) throw failure;
    return (
      <div className="rw-message rw-message--error" role="alert">
        <p>{LAZY_PART_TEXT}</p>
        <button type="button" className="rw-button" onClick={this.retry}>
          {LAZY_PART_RETRY}
        </button>
      </div>
    );
  }
}
