/**
 * Code loaded on demand that loads again after a failure (docs/offline.md "Code that loads
 * again"): {@link reloadableLazy} in place of `React.lazy`, and {@link LazyPart} in place of
 * `<Suspense>` around it.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { reportError } from '@rw/page-runtime';
import { CODE_LOAD_MESSAGE, isCodeLoadFailure } from '../api/policy';

/** What a part shows when its code did not arrive: a connection problem, and how to go on. */
export const LAZY_PART_TEXT = `${CODE_LOAD_MESSAGE} Check your connection, then try again.`;
/** The button that loads the part again. */
export const LAZY_PART_RETRY = 'Try again';

/** How many times the nearest {@link LazyPart} has asked its parts to load again. */
const LoadAttempt = createContext(0);

/**
 * `React.lazy` whose failed load can be tried again: React keeps a lazy component's failure for
 * good, so when the nearest {@link LazyPart} asks for another attempt, a part whose load failed
 * gets a new lazy component that calls `load` again. Only then: a new one made at every render
 * would load, suspend and fail in a loop, never reaching the boundary.
 *
 * @param load the dynamic import, resolving to a module with the component as `default`
 * @returns a component rendering the loaded one with the same props; it suspends while loading and
 *   throws the load's failure (webpack's `ChunkLoadError`) to the nearest {@link LazyPart}
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function reloadableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const part = { failed: false, attempt: 0, Lazy: lazy(tryLoad) };
  function tryLoad(): Promise<{ default: T }> {
    return load().catch((error: unknown) => {
      part.failed = true;
      throw error;
    });
  }
  function Reloadable(props: ComponentProps<T>) {
    const attempt = useContext(LoadAttempt);
    if (part.failed && attempt !== part.attempt) {
      Object.assign(part, { failed: false, attempt, Lazy: lazy(tryLoad) });
    }
    const { Lazy } = part;
    return <Lazy {...props} />;
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
  /** Incremented at each retry: the parts whose load failed load again. */
  attempt: number;
}

/**
 * `<Suspense>` for a part whose code loads on demand. When the code does not arrive, the part
 * shows {@link LAZY_PART_TEXT} with a {@link LAZY_PART_RETRY} button (an alert), sends an error
 * report (source `code-load`), and loads again when that is pressed or when the browser says it is
 * back online. Any other error goes on to the widget's error boundary.
 */
export class LazyPart extends Component<Props, State> {
  override state: State = { failure: null, attempt: 0 };

  static getDerivedStateFromError(failure: unknown): Partial<State> {
    return { failure };
  }

  override componentDidCatch(failure: unknown): void {
    // A file that did not arrive: offline, or removed by a deploy while the page was open (the
    // error report is how the second is seen). Other errors are the widget's boundary's to report.
    if (isCodeLoadFailure(failure)) reportError(failure, { source: 'code-load' });
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = (): void => {
    if (this.state.failure !== null) this.setState(({ attempt }) => ({ failure: null, attempt: attempt + 1 }));
  };

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) {
      return (
        <LoadAttempt.Provider value={this.state.attempt}>
          <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>
        </LoadAttempt.Provider>
      );
    }
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
