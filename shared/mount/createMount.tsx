import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { reportError, setApiBase } from '@rw/page-runtime';
import { isWidgetError, MISSING_DETAILS_TEXT, WidgetError } from '../errors/WidgetError';
import { forgetExpiredAnswers } from '../storage/journeyAnswers';
import { ErrorBoundary } from './ErrorBoundary';
import './mount.css';

/** Options the shim (or a host mounting by hand) passes to a widget's `mount`. */
export interface MountOptions {
  /** Prefix for the fixed API paths of SPEC.md section 7. */
  apiBase?: string;
  /** Overrides the query string the widget reads (without '?'); defaults to the page's. */
  search?: string;
  [key: string]: unknown;
}

/** A widget's exposed `mount(element, options?) → unmount` (DESIGN.md "Federation"). */
export type MountFunction = (element: HTMLElement, options?: MountOptions) => () => void;

const roots = new WeakMap<HTMLElement, Root>();

/**
 * Builds a widget's `mount`. `render` reads and validates the page data and returns the widget's
 * tree; it may throw a WidgetError, which is shown in the mount point as its message (for
 * `MISSING_DETAILS`: exactly `Missing JSON data from DOM`) and reported unless it is the plain
 * missing-details case. The tree renders inside an error boundary and a `rw-root` wrapper that
 * scopes the widget's CSS. Mounting twice on one element replaces the first mount. Every start
 * first removes saved answers older than 30 days (shared/storage/journeyAnswers.ts).
 *
 * @throws WidgetError('INVALID_PAGE_DATA') when `element` is not an HTMLElement.
 */
export function createMount(
  widget: string,
  render: (element: HTMLElement, options: MountOptions) => ReactNode,
): MountFunction {
  return (element, options = {}) => {
    if (!(element instanceof HTMLElement)) {
      throw new WidgetError('INVALID_PAGE_DATA', `mount(${widget}): the mount element is missing`);
    }
    roots.get(element)?.unmount();
    forgetExpiredAnswers();
    if (typeof options.apiBase === 'string') setApiBase(options.apiBase);

    let tree: ReactNode;
    try {
      tree = render(element, options);
    } catch (error) {
      const message = isWidgetError(error) ? error.message : MISSING_DETAILS_TEXT;
      if (!isWidgetError(error, 'MISSING_DETAILS')) reportError(error, { source: `widget:${widget}` });
      tree = (
        <p className="rw-message rw-message--error" role="alert">
          {message}
        </p>
      );
    }

    const root = createRoot(element);
    roots.set(element, root);
    element.setAttribute('data-rw-mounted', widget);
    root.render(
      <div className="rw-root" data-rw-widget={widget}>
        <ErrorBoundary widget={widget}>{tree}</ErrorBoundary>
      </div>,
    );
    return () => {
      if (roots.get(element) === root) {
        roots.delete(element);
        element.removeAttribute('data-rw-mounted');
      }
      root.unmount();
    };
  };
}
