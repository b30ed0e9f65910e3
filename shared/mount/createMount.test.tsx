import { useLayoutEffect } from 'react';
import { act } from '@testing-library/react';
import { reportThrottleOpenInEachTest } from '../../test/reportClock';
import { WidgetError } from '../errors/WidgetError';
import { createMount } from './createMount';
import { WIDGET_CRASH_TEXT } from './ErrorBoundary';

const fetchMock = jest.fn(() => Promise.resolve({ ok: true }));

reportThrottleOpenInEachTest();

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  document.body.innerHTML = '<div id="w"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const el = () => document.getElementById('w') as HTMLElement;

test('renders inside a scoped root, marks the node, and unmount empties it', () => {
  const mount = createMount('demo', () => <p>hello</p>);
  let unmount: () => void = () => undefined;
  act(() => {
    unmount = mount(el());
  });
  expect(el().querySelector('.rw-root[data-rw-widget="demo"]')).toHaveTextContent('hello');
  expect(el()).toHaveAttribute('data-rw-mounted', 'demo');
  act(() => unmount());
  expect(el()).toBeEmptyDOMElement();
  expect(el()).not.toHaveAttribute('data-rw-mounted');
});

test("the first render replaces the host's server-rendered content of the mount point, in one commit", () => {
  el().innerHTML = '<div class="rw-before"><p>Please wait</p><div class="rw-before__failed" hidden>x</div></div>';
  const seen: string[] = [];
  const Probe = () => {
    useLayoutEffect(() => {
      seen.push(el().textContent ?? '');
    });
    return <p>hello</p>;
  };
  const mount = createMount('demo', () => <Probe />);
  act(() => {
    mount(el());
  });
  expect(seen).toEqual(['hello']);
  expect(el().querySelector('.rw-before')).toBeNull();
  expect(el()).toHaveTextContent(/^hello$/);
});

test('a second mount on the same node replaces the first', () => {
  let n = 0;
  const mount = createMount('demo', () => <p>{`mount ${++n}`}</p>);
  act(() => {
    mount(el());
  });
  act(() => {
    mount(el());
  });
  expect(el().querySelectorAll('.rw-root')).toHaveLength(1);
  expect(el()).toHaveTextContent('mount 2');
});

test('a missing element is a named error', () => {
  const mount = createMount('demo', () => null);
  expect(() => mount(null as unknown as HTMLElement)).toThrow(WidgetError);
});

test('missing Details shows exactly the SPEC text; the developer is told once: console, report, ready rejects', async () => {
  const mount = createMount('demo', () => {
    throw new WidgetError('MISSING_DETAILS', 'Missing JSON data from DOM', {
      cause: new Error('No element with id "refund-details" on the page'),
    });
  });
  let ready: Promise<void> = Promise.resolve();
  act(() => {
    ({ ready } = mount(el()));
  });
  expect(el()).toHaveTextContent(/^Missing JSON data from DOM$/);
  const text = 'refund-widgets: widget "demo", mount #w: No element with id "refund-details" on the page';
  await expect(ready).rejects.toMatchObject({
    name: 'SetupError',
    message: text,
    code: 'MISSING_DETAILS',
    widget: 'demo',
    mountId: 'w',
    detail: 'No element with id "refund-details" on the page',
  });
  expect(console.error).toHaveBeenCalledTimes(1);
  expect(console.error).toHaveBeenCalledWith(text);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
  expect(body.message).toBe(text);
});

test('ready resolves only once the first render has committed', async () => {
  const order: string[] = [];
  function Probe() {
    useLayoutEffect(() => {
      order.push(`commit: ${el().textContent}`);
    }, []);
    return <p>ok</p>;
  }
  const mount = createMount('demo', () => <Probe />);
  let ready: Promise<void> = Promise.resolve();
  await act(async () => {
    ({ ready } = mount(el()));
    void ready.then(() => order.push('ready'));
    order.push('mount returned');
  });
  await ready;
  expect(order).toEqual(['mount returned', 'commit: ok', 'ready']);
});

test('a render crash is caught by the boundary, shown in the mount point and reported', () => {
  function Boom(): never {
    throw new Error('render failed');
  }
  const mount = createMount('demo', () => <Boom />);
  act(() => {
    mount(el());
  });
  expect(el()).toHaveTextContent(WIDGET_CRASH_TEXT);
  expect(fetchMock).toHaveBeenCalledWith('/report/error', expect.objectContaining({ method: 'POST' }));
  const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
  expect(body.message).toBe('Error: render failed');
  expect(body.source).toBe('widget:demo (render)');
});

describe('a document whose properties a named element shadows (docs/security.md "Clobbered document properties")', () => {
  test.each([
    'getElementById',
    'createElement',
    'getElementsByTagName',
    'defaultView',
    'querySelector',
    'createTextNode',
  ])(
    '<form name="%s">: mount throws DOCUMENT_SHADOWED before React starts, leaving the element to the shim',
    (name) => {
      const render = jest.fn(() => <p>hello</p>);
      const mount = createMount('demo', render);
      const element = el();
      const form = document.createElement('form');
      form.setAttribute('name', name);
      document.body.append(form);
      Object.defineProperty(document, name, { configurable: true, value: form });
      try {
        let thrown: unknown;
        try {
          mount(element);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(WidgetError);
        expect(thrown).toMatchObject({ code: 'DOCUMENT_SHADOWED' });
        expect((thrown as Error).message).toBe(
          `refund-widgets: a named element (such as <form name="${name}">) shadows document.${name}; ` +
            'no widget can run on this page, so none is mounted',
        );
      } finally {
        delete (document as unknown as Record<string, unknown>)[name];
      }
      expect(render).not.toHaveBeenCalled();
      expect(el()).not.toHaveAttribute('data-rw-mounted');
    },
  );
});
