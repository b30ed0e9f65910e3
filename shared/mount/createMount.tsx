import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { reportError, setApiBase } from '@rw/page-runtime';
import { isWidgetError, MISSING_DETAILS_TEXT, WidgetError } from '../errors/WidgetError';
import { clobberedDocumentMessage, clobberedDocumentNames } from '../page/pageDocument';
import { forgetExpiredIntents } from '../storage/intents';
import { forgetExpiredAnswers } from '../storage/journeyAnswers';
import { forgetOnComplete, removeDraftsLater } from './deviceCleanup';
import { ErrorBoundary } from './ErrorBoundary';
import { announceSetupError, isSetupProblem, setupErrorOf, type SetupError } from './setupError';
import './mount.css';

/** Options the shim (or a host mounting by hand) passes to a widget's `mount`. */
export interface MountOptions {
  /** Prefix for the fixed API paths of docs/product-rules.md section 7. */
  apiBase?: string;
  /** Overrides the query string the widget reads (without '?'); defaults to the page's. */
  search?: string;
  [key: string]: unknown;
}

/**
 * What a widget's `mount` returns: the function that unmounts it, carrying `ready`, a promise that
 * resolves once the first render has committed to the DOM, and rejects with a {@link SetupError}
 * when the page is set up wrongly (the mount point then shows the traveller's text).
 */
export type Unmount = (() => void) & { ready: Promise<void> };

/** A widget's exposed `mount(element, options?) → unmount` (docs/architecture.md "Federation"). */
export type MountFunction = (element: HTMLElement, options?: MountOptions) => Unmount;

const roots = new WeakMap<HTMLElement, Root>();

/** Calls `onCommit` once, after the first commit of the tree it is part of. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Builds a widget's `mount`. `render` reads and validates the page data and returns the widget's
 * tree; it may throw a WidgetError, which is shown in the mount point as its message (for
 * `MISSING_DETAILS`: exactly `Missing JSON data from DOM`). A page-data problem (MISSING_DETAILS,
 * MISSING_STATION_MAP, INVALID_PAGE_DATA) is also told to the developer: one `refund-widgets:`
 * console error naming the widget, the mount id and the exact problem, one error report with the
 * same text, and `ready` rejecting with the {@link SetupError}. Any other error is reported as is.
 * The tree renders inside an error boundary and a `rw-root` wrapper that scopes the widget's CSS.
 * Mounting twice on one element replaces the first mount. Every start first removes saved answers
 * older than 7 days (shared/storage/journeyAnswers.ts) and confirmed intents older than 24 hours
 * (shared/storage/intents.ts), and after its first paint stale claim drafts; a completed refund or
 * claim removes its booking's drafts and intents (./deviceCleanup.ts).
 *
 * @returns the widget's `mount`, whose result is an {@link Unmount} (call it to unmount; await its
 *   `ready` for the first commit)
 * @throws WidgetError('INVALID_PAGE_DATA') when `element` is not an HTMLElement;
 *   WidgetError('DOCUMENT_SHADOWED') when a named element shadows a property of the document that
 *   React or the widgets read (shared/page/pageDocument.ts): the shim then shows the
 *   fallback text in `element` and reports it.
 */
export function createMount(
  widget: string,
  render: (element: HTMLElement, options: MountOptions) => ReactNode,
): MountFunction {
  return (element, options = {}) => {
    if (!(element instanceof HTMLElement)) {
      throw new WidgetError('INVALID_PAGE_DATA', `mount(${widget}): the mount element is missing`);
    }
    // React DOM and the widgets read these on the document: a page that shadows one is refused
    // before React starts (docs/security.md "Clobbered document properties").
    const clobbered = clobberedDocumentNames(element.ownerDocument);
    if (clobbered.length > 0)
      throw new WidgetError('DOCUMENT_SHADOWED', `refund-widgets: ${clobberedDocumentMessage(clobbered)}`);
    roots.get(element)?.unmount();
    forgetExpiredAnswers();
    forgetExpiredIntents();
    void removeDraftsLater();
    if (typeof options.apiBase === 'string') setApiBase(options.apiBase);

    let tree: ReactNode;
    let setupError: SetupError | null = null;
    try {
      tree = render(element, options);
    } catch (error) {
      const message = isWidgetError(error) ? error.message : MISSING_DETAILS_TEXT;
      if (isSetupProblem(error)) {
        setupError = setupErrorOf(error, widget, element.id);
        announceSetupError(setupError);
      } else {
        reportError(error, { source: `widget:${widget}` });
      }
      tree = (
        <p className="rw-message rw-message--error" role="alert">
          {message}
        </p>
      );
    }

    let settle: () => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      settle = () => (setupError ? reject(setupError) : resolve());
    });
    // A host that never awaits `ready` must not see an unhandled rejection (it would be reported again).
    ready.catch(() => undefined);

    const root = createRoot(element);
    roots.set(element, root);
    element.setAttribute('data-rw-mounted', widget);
    const stopForgetting = forgetOnComplete(element);
    root.render(
      <div className="rw-root" data-rw-widget={widget}>
        <ErrorBoundary widget={widget}>{tree}</ErrorBoundary>
        <Committed onCommit={settle} />
      </div>,
    );
    const unmount = () => {
      if (roots.get(element) === root) {
        roots.delete(element);
        element.removeAttribute('data-rw-mounted');
      }
      stopForgetting();
      root.unmount();
    };
    return Object.assign(unmount, { ready });
  };
}
