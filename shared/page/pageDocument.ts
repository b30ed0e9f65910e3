/**
 * The page's document as `Document.prototype` defines it (docs/security.md "Clobbered document
 * properties"). HTML can shadow any property of `document` with a named element:
 * `<form name="getElementById">`, `<img name="createElement">`, `<iframe name="defaultView">`.
 * Document has [LegacyOverrideBuiltIns], so the element wins even over an own property, and no
 * script can undo it. So the shim and the page-data reader call the prototype's methods and
 * getters, captured when this module loads, and a page where a property that React or the
 * widgets read has been shadowed is refused (see {@link clobberedDocumentNames}).
 */

/** `Document.prototype`, or undefined where there is no DOM (node). */
const proto: Document | undefined = typeof Document === 'undefined' ? undefined : Document.prototype;

const querySelectorAll = proto?.querySelectorAll;
const querySelector = proto?.querySelector;
const createElement = proto?.createElement;
const defaultViewGetter = proto && Object.getOwnPropertyDescriptor(proto, 'defaultView')?.get;
const readyStateGetter = proto && Object.getOwnPropertyDescriptor(proto, 'readyState')?.get;
// EventTarget exists in every browser and in Node, DOM or not.
const addListener = EventTarget.prototype.addEventListener;

/**
 * The properties of `document` that React DOM, the federation and webpack runtimes, the widgets
 * and their libraries (axios reads `cookie`, the title helper `title`) read on the document
 * itself. `currentScript` is not among them: the shim reads it through the prototype's getter,
 * and a named element standing in for it is ignored (docs/security.md "The shim trusts only itself").
 */
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

/**
 * The properties of {@link DOCUMENT_PROPERTIES_READ} that something on the page has shadowed:
 * those whose value on `doc` is not what `Document.prototype` (or its chain) gives for `doc`.
 *
 * @param doc the page's document
 * @returns the shadowed names, in the list's order; [] for an intact document, and where there is
 *   no DOM. Never throws: a property whose reading throws counts as shadowed.
 */
export function clobberedDocumentNames(doc: Document): string[] {
  if (!proto) return [];
  return DOCUMENT_PROPERTIES_READ.filter((name) => {
    try {
      // Where neither the document nor a prototype below Document.prototype holds the name, reading
      // it is reading the prototype's: intact, without calling its getter (`cookie` asks the
      // browser's cookie store each time; docs/performance.md "Main thread of the refund page").
      if (!definedBelowPrototype(doc, name)) return false;
      return Reflect.get(proto, name, doc) !== (doc as unknown as Record<string, unknown>)[name];
    } catch {
      return true;
    }
  });
}

/** Whether `doc` or a prototype between it and `Document.prototype` has its own property `name` (a named element shows as one). */
function definedBelowPrototype(doc: Document, name: string): boolean {
  for (let object: object | null = doc; object && object !== proto; object = Object.getPrototypeOf(object)) {
    if (Object.getOwnPropertyDescriptor(object, name)) return true;
  }
  return false;
}

/**
 * The developer's message for a page whose document has shadowed properties.
 *
 * @param names what {@link clobberedDocumentNames} found (at least one)
 * @returns a line naming each property and the kind of element that does it (without the
 *   `refund-widgets:` prefix its callers add)
 */
export function clobberedDocumentMessage(names: readonly string[]): string {
  const list = names.map((name) => `document.${name}`).join(', ');
  return (
    `a named element (such as <form name="${names[0]}">) shadows ${list}; ` +
    'no widget can run on this page, so none is mounted'
  );
}

/** `value` as the content of a double-quoted CSS string: `"`, `\` and line breaks escaped. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&').replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

/**
 * Every element of `doc` whose id is exactly `id`, in document order, found with the prototype's
 * `querySelectorAll('[id="…"]')` (docs/host-contract.md "One element per id").
 *
 * @param doc the document to search
 * @param id the id, any characters
 * @returns the elements; [] when none carries it
 */
export function elementsWithId(doc: Document, id: string): Element[] {
  return allMatching(doc, `[id="${cssString(id)}"]`);
}

/** Every element of `doc` matching `selector`, through the prototype's `querySelectorAll`. */
export function allMatching(doc: Document, selector: string): Element[] {
  return querySelectorAll ? Array.from(querySelectorAll.call(doc, selector)) : [];
}

/**
 * The first element of `doc` matching `selector`, through the prototype's `querySelector`.
 *
 * @throws the DOMException of an invalid selector
 */
export function firstMatch(doc: Document, selector: string): Element | null {
  return querySelector ? querySelector.call(doc, selector) : null;
}

/**
 * A new HTML element of `doc`, made with the prototype's `createElement`.
 *
 * @param doc the document that will own the element
 * @param tag the element's name, e.g. `p`
 */
export function createElementIn(doc: Document, tag: string): HTMLElement {
  return (createElement as Document['createElement']).call(doc, tag);
}

/** The window of `doc` (the prototype's `defaultView`); null for a document without one. */
export function windowOf(doc: Document): (Window & typeof globalThis) | null {
  return (defaultViewGetter?.call(doc) as (Window & typeof globalThis) | null | undefined) ?? null;
}

/** `doc.readyState`, read with the prototype's getter. */
export function readyStateOf(doc: Document): DocumentReadyState {
  return readyStateGetter?.call(doc) as DocumentReadyState;
}

/** Listens for `type` on `doc` through `EventTarget.prototype.addEventListener`. */
export function listenOn(doc: Document, type: string, listener: () => void, options?: AddEventListenerOptions): void {
  addListener.call(doc, type, listener, options);
}
