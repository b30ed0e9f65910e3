/**
 * The document as `Document.prototype` defines it: named elements can shadow any `document`
 * property, so these helpers call the prototype's methods (docs/security.md "Clobbered document properties").
 */

const proto: Document | undefined = typeof Document === 'undefined' ? undefined : Document.prototype;

const querySelectorAll = proto?.querySelectorAll;
const querySelector = proto?.querySelector;
const createElement = proto?.createElement;
const defaultViewGetter = proto && Object.getOwnPropertyDescriptor(proto, 'defaultView')?.get;
const readyStateGetter = proto && Object.getOwnPropertyDescriptor(proto, 'readyState')?.get;
const addListener = EventTarget.prototype.addEventListener;

/** The `document` properties React, the runtimes, widgets and libraries read on the document itself. */
export const DOCUMENT_PROPERTIES_READ: readonly string[] = [
  'activeElement',
  'addEventListener',
  'baseURI',
  'body',
  'cookie',
  'createComment',
  'createElement',
  'createElementNS',
  'createEvent',
  'createRange',
  'createTextNode',
  'defaultView',
  'documentElement',
  'getElementById',
  'getElementsByTagName',
  'head',
  'querySelector',
  'querySelectorAll',
  'readyState',
  'removeEventListener',
  'title',
];

/** The names of {@link DOCUMENT_PROPERTIES_READ} shadowed on `doc`; [] without a DOM. A throwing read counts. Never throws. */
export function clobberedDocumentNames(doc: Document): string[] {
  if (!proto) return [];
  return DOCUMENT_PROPERTIES_READ.filter((name) => {
    try {
      // Never call a getter of the prototype (`cookie` is slow: docs/performance.md "Main thread of the refund page").
      if (!definedBelowPrototype(doc, name)) return false;
      return Reflect.get(proto, name, doc) !== (doc as unknown as Record<string, unknown>)[name];
    } catch {
      return true;
    }
  });
}

function definedBelowPrototype(doc: Document, name: string): boolean {
  for (let object: object | null = doc; object && object !== proto; object = Object.getPrototypeOf(object)) {
    if (Object.getOwnPropertyDescriptor(object, name)) return true;
  }
  return false;
}

/** The developer's message naming each shadowed property (without the `refund-widgets:` prefix). */
export function clobberedDocumentMessage(names: readonly string[]): string {
  const list = names.map((name) => `document.${name}`).join(', ');
  return (
    `a named element (such as <form name="${names[0]}">) shadows ${list}; ` +
    'no widget can run on this page, so none is mounted'
  );
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&').replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

/** Every element whose id is exactly `id`, in document order (docs/host-contract.md "One element per id"). */
export function elementsWithId(doc: Document, id: string): Element[] {
  return allMatching(doc, `[id="${cssString(id)}"]`);
}

export function allMatching(doc: Document, selector: string): Element[] {
  return querySelectorAll ? Array.from(querySelectorAll.call(doc, selector)) : [];
}

/** The first element matching `selector`; throws the DOMException of an invalid selector. */
export function firstMatch(doc: Document, selector: string): Element | null {
  return querySelector ? querySelector.call(doc, selector) : null;
}

export function createElementIn(doc: Document, tag: string): HTMLElement {
  return (createElement as Document['createElement']).call(doc, tag);
}

export function windowOf(doc: Document): (Window & typeof globalThis) | null {
  return (defaultViewGetter?.call(doc) as (Window & typeof globalThis) | null | undefined) ?? null;
}

export function readyStateOf(doc: Document): DocumentReadyState {
  return readyStateGetter?.call(doc) as DocumentReadyState;
}

export function listenOn(doc: Document, type: string, listener: () => void, options?: AddEventListenerOptions): void {
  addListener.call(doc, type, listener, options);
}
