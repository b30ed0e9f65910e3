/**
 * Test helper: builds a host page in jsdom the way a legacy view does (Details
 * and station JSON blocks, a mount div with data attributes, the max-admin-fee meta, a title)
 * and mounts a widget into it through its real `mount`. Returns the mount element.
 */
import { act } from '@testing-library/react';
import type { MountFunction } from '../shared/mount/createMount';

export interface HostPageOptions {
  mountId: string;
  /** Details JSON (object), raw text, or null to leave the block out. */
  details?: unknown;
  /** Station names (object), raw text, or null to leave the block out. */
  stations?: unknown;
  /** Data attributes without the `data-` prefix, e.g. { 'refund-status-url': '/s' }. */
  attrs?: Record<string, string>;
  /** Query string without '?'. */
  search?: string;
  /** Content of meta max-admin-fee; undefined leaves the meta out. */
  maxAdminFee?: string;
  title?: string;
}

function jsonBlock(id: string, value: unknown): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  return script;
}

/** Lays out the host page (replacing document.body and head content). */
export function buildHostPage(options: HostPageOptions): HTMLElement {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = options.title ?? 'Ticket refunds - Example Rail';
  if (options.maxAdminFee !== undefined) {
    const meta = document.createElement('meta');
    meta.name = 'max-admin-fee';
    meta.content = options.maxAdminFee;
    document.head.appendChild(meta);
  }
  const element = document.createElement('div');
  element.id = options.mountId;
  Object.entries(options.attrs ?? {}).forEach(([key, value]) => element.setAttribute(`data-${key}`, value));
  document.body.appendChild(element);
  if (options.details !== null && options.details !== undefined)
    document.body.appendChild(jsonBlock('refund-details', options.details));
  if (options.stations !== null && options.stations !== undefined)
    document.body.appendChild(jsonBlock('station-names', options.stations));
  return element;
}

/**
 * Builds the page and mounts `mount` into it inside act(). Returns the element, unmount, and the
 * mount's `ready` (first commit, or the SetupError of a page set up wrongly).
 */
export function mountOnHostPage(
  mount: MountFunction,
  options: HostPageOptions,
): { element: HTMLElement; unmount: () => void; ready: Promise<void> } {
  const element = buildHostPage(options);
  let mounted: ReturnType<MountFunction> | null = null;
  act(() => {
    mounted = mount(element, { search: options.search ?? '' });
  });
  const result = mounted as unknown as ReturnType<MountFunction>;
  return { element, unmount: () => act(() => result()), ready: result.ready };
}
