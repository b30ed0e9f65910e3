/**
 * The page's document as Document.prototype defines it (docs/security.md "Clobbered document
 * properties"). jsdom does not let named elements shadow document properties, so each test
 * shadows one itself, as a browser does for `<form name="…">`.
 */
import {
  clobberedDocumentMessage,
  clobberedDocumentNames,
  createElementIn,
  DOCUMENT_PROPERTIES_READ,
  elementsWithId,
  firstMatch,
  listenOn,
  readyStateOf,
  windowOf,
} from './pageDocument';

/**
 * The module loaded again, inside the test: its list of names is built when it loads, so a test
 * of the list reads a copy made while the test runs (docs/mutation-testing.md).
 */
function freshPageDocument(): typeof import('./pageDocument') {
  let module: typeof import('./pageDocument') | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module loaded inside the test
    module = require('./pageDocument') as typeof import('./pageDocument');
  });
  return module as typeof import('./pageDocument');
}

/** Shadows `document[name]` with a `<form name=name>` for the length of `run`. */
function withShadowed<T>(name: string, run: (form: HTMLFormElement) => T): T {
  const form = document.createElement('form');
  form.setAttribute('name', name);
  document.body.append(form);
  Object.defineProperty(document, name, { configurable: true, value: form });
  try {
    return run(form);
  } finally {
    delete (document as unknown as Record<string, unknown>)[name];
    form.remove();
  }
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('clobberedDocumentNames', () => {
  test('an intact document has none', () => {
    expect(clobberedDocumentNames(document)).toEqual([]);
    expect(clobberedDocumentNames(document.implementation.createHTMLDocument('other'))).toEqual([]);
  });

  test.each(DOCUMENT_PROPERTIES_READ.map((name) => [name]))('finds document.%s shadowed', (name) => {
    expect(withShadowed(name, () => clobberedDocumentNames(document))).toEqual([name]);
  });

  test('an intact document is checked without calling its getters (document.cookie asks the cookie store)', () => {
    const cookie = jest.spyOn(Document.prototype, 'cookie', 'get');
    const title = jest.spyOn(Document.prototype, 'title', 'get');
    try {
      expect(clobberedDocumentNames(document)).toEqual([]);
      expect(cookie).not.toHaveBeenCalled();
      expect(title).not.toHaveBeenCalled();
    } finally {
      cookie.mockRestore();
      title.mockRestore();
    }
  });

  test('finds a property redefined on a prototype between the document and Document.prototype', () => {
    // As HTMLDocument.prototype sits between them in browsers.
    const original = Object.getPrototypeOf(document) as object;
    const between = Object.create(original) as object;
    Object.defineProperty(between, 'title', { configurable: true, get: () => 'not the title' });
    Object.setPrototypeOf(document, between);
    try {
      expect(clobberedDocumentNames(document)).toEqual(['title']);
    } finally {
      Object.setPrototypeOf(document, original);
    }
  });

  // The names docs/security.md "Clobbered document properties" lists, written out here so that a
  // name dropped from (or misspelt in) the module's list fails its own case.
  test.each([
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
  ])('finds a <form name="%s"> standing in for document.%s', (name) => {
    withShadowed(name, () => expect(freshPageDocument().clobberedDocumentNames(document)).toEqual([name]));
  });

  test('an own property that gives what the prototype gives is not counted as shadowed', () => {
    const title = document.title;
    Object.defineProperty(document, 'title', { configurable: true, value: title });
    try {
      expect(freshPageDocument().clobberedDocumentNames(document)).toEqual([]);
    } finally {
      delete (document as unknown as Record<string, unknown>).title;
    }
  });

  test('names every shadowed property, in the order of the list', () => {
    const found = withShadowed('title', () => withShadowed('createElement', () => clobberedDocumentNames(document)));
    expect(found).toEqual(['createElement', 'title']);
  });

  test('a property whose reading throws counts as shadowed', () => {
    Object.defineProperty(document, 'body', {
      configurable: true,
      get() {
        throw new Error('no');
      },
    });
    try {
      expect(clobberedDocumentNames(document)).toEqual(['body']);
    } finally {
      delete (document as unknown as Record<string, unknown>).body;
    }
  });

  test('each name it checks is a property a document has (so a misspelt one cannot slip in)', () => {
    const missing = DOCUMENT_PROPERTIES_READ.filter((name) => !(name in Document.prototype));
    expect(missing).toEqual([]);
    expect(new Set(DOCUMENT_PROPERTIES_READ).size).toBe(DOCUMENT_PROPERTIES_READ.length);
    // React DOM, the runtimes and the widgets read at least these (docs/security.md "Clobbered document properties").
    expect(DOCUMENT_PROPERTIES_READ).toEqual(
      expect.arrayContaining(['getElementById', 'createElement', 'body', 'cookie']),
    );
  });

  test('currentScript is not checked: the shim reads it through the prototype and ignores a stand-in', () => {
    expect(DOCUMENT_PROPERTIES_READ).not.toContain('currentScript');
    expect(withShadowed('currentScript', () => clobberedDocumentNames(document))).toEqual([]);
  });

  test('the message names each property', () => {
    expect(clobberedDocumentMessage(['getElementById', 'title'])).toBe(
      'a named element (such as <form name="getElementById">) shadows document.getElementById, ' +
        'document.title; no widget can run on this page, so none is mounted',
    );
  });
});

describe("the prototype's methods, whatever shadows them on the document", () => {
  test('elementsWithId finds every element with exactly that id, in document order', () => {
    document.body.innerHTML =
      '<p id="x" data-n="1"></p><div><span id="x" data-n="2"></span></div><i id="xy"></i><b id="X"></b>';
    const found = withShadowed('querySelectorAll', () => elementsWithId(document, 'x'));
    expect(found.map((e) => e.getAttribute('data-n'))).toEqual(['1', '2']);
    expect(elementsWithId(document, 'none')).toEqual([]);
  });

  test('elementsWithId takes any id: quotes, backslashes, line breaks, brackets', () => {
    const id = 'a"b\\c\nd\re\ff]';
    const element = document.createElement('div');
    element.id = id;
    document.body.append(element, Object.assign(document.createElement('div'), { id: 'a"b' }));
    expect(elementsWithId(document, id)).toEqual([element]);
  });

  test('firstMatch, createElementIn, windowOf, readyStateOf and listenOn use the prototype', () => {
    document.body.innerHTML = '<meta name="m" content="1">';
    expect(withShadowed('querySelector', () => firstMatch(document, 'meta[name="m"]'))?.getAttribute('content')).toBe(
      '1',
    );
    const p = withShadowed('createElement', () => createElementIn(document, 'p'));
    expect(p).toBeInstanceOf(HTMLParagraphElement);
    expect(p.ownerDocument).toBe(document);
    expect(withShadowed('defaultView', () => windowOf(document))).toBe(window);
    expect(windowOf(document.implementation.createHTMLDocument('no window'))).toBeNull();
    expect(withShadowed('readyState', () => readyStateOf(document))).toBe('complete');
    const listener = jest.fn();
    withShadowed('addEventListener', () => listenOn(document, 'rw-test', listener, { once: true }));
    document.dispatchEvent(new Event('rw-test'));
    document.dispatchEvent(new Event('rw-test'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
