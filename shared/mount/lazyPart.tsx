/** Code loaded on demand that loads again after a failure (docs/offline.md "Code that loads again"). */
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
export const LAZY_PART_RETRY = 'Try again';

const LoadAttempt = createContext(0);

/**
 * `React.lazy` whose failed load can be tried again: React keeps a lazy failure for good, so after
 * a {@link LazyPart} retry a failed part gets a new lazy component (only then, or it would loop).
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
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failure: unknown;
  attempt: number;
}

/**
 * `<Suspense>` for a lazy part: when its code does not arrive, shows {@link LAZY_PART_TEXT} with a
 * retry button, reports (`code-load`), and loads again on press or when back online.
 */
export class LazyPart extends Component<Props, State> {
  override state: State = { failure: null, attempt: 0 };

  static getDerivedStateFromError(failure: unknown): Partial<State> {
    return { failure };
  }

  override componentDidCatch(failure: unknown): void {
    // Offline, or removed by a deploy while the page was open (the report shows which).
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
