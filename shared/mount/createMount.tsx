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

export interface MountOptions {
  /** Prefix for the fixed API paths of docs/product-rules.md section 7. */
  apiBase?: string;
  /** Overrides the query string the widget reads (without '?'). */
  search?: string;
  [key: string]: unknown;
}

/** Unmounts; `ready` resolves after the first commit, or rejects with a {@link SetupError}. */
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
 * Builds a widget's `mount`: `render` reads the page data and returns the tree; a WidgetError it
 * throws shows its message, and a page-data one is also announced as a {@link SetupError}. Each
 * start clears expired answers, intents and drafts. Mounting twice replaces the first.
 * @throws WidgetError('INVALID_PAGE_DATA') without an element; WidgetError('DOCUMENT_SHADOWED')
 *   for a shadowed document property (docs/security.md "Clobbered document properties")
 */
export function createMount(
  widget: string,
  render: (element: HTMLElement, options: MountOptions) => ReactNode,
): MountFunction {
  return (element, options = {}) => {
    if (!(element instanceof HTMLElement)) {
      throw new WidgetError('INVALID_PAGE_DATA', `mount(${widget}): the mount element is missing`);
    }
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
    // No unhandled rejection when the host never awaits `ready`.
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
