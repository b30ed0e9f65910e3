/** Code loaded on demand that loads again after a failure (docs/offline.md "Code that loads again"). */
import {
  Component,
  createContext,
  Fragment,
  createElement,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { reportError } from '@rw/page-runtime';
import { CODE_LOAD_MESSAGE, isCodeLoadFailure } from '../api/policy';

/** What a part shows when its code did not arrive: a connection problem, and how to go on. */
export const LAZY_PART_TEXT = `${CODE_LOAD_MESSAGE} Check your connection, then try again.`;
export const LAZY_PART_RETRY = 'Try again';

/** The enclosing {@link LazyPart}'s fallback. */
const Fallback = createContext<ReactNode>(null);

/**
 * A component whose code `load` fetches when it first renders: the {@link LazyPart}'s fallback until
 * then, the component once it came (at once for every later render), the part's failure if not.
 * Not `React.lazy`: a Suspense fallback holds the part back up to 300 ms after its code arrived.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function reloadableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let loaded: T | null = null;
  function Reloadable(props: ComponentProps<T>) {
    const fallback = useContext(Fallback);
    const [part, setPart] = useState<{ component: T | null; failure?: unknown }>({ component: loaded });
    useEffect(() => {
      if (part.component) return undefined;
      let live = true;
      load().then(
        (module) => {
          loaded = module.default;
          if (live) setPart({ component: module.default });
        },
        (failure: unknown) => live && setPart({ component: null, failure: failure ?? new Error('load failed') }),
      );
      return () => {
        live = false;
      };
    }, [part.component]);
    // The LazyPart catches it; its retry mounts this part again, which loads again.
    if (part.failure) throw part.failure;
    return part.component ? createElement(part.component, props) : fallback;
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
 * The boundary of a lazy part ({@link reloadableLazy}): when its code does not arrive, shows {@link LAZY_PART_TEXT} with a
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
        <Fallback.Provider value={this.props.fallback}>
          <Fragment key={this.state.attempt}>{this.props.children}</Fragment>
        </Fallback.Provider>
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
