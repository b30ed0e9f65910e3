/**
 * `shadowNamedGlobals` (docs/security.md "The shim trusts only itself"): named elements
 * cannot stand in for the globals of the shim and the remotes. In jsdom a named element is the
 * window's own property; in browsers it sits on the prototype chain. Both are covered.
 */
import { shadowNamedGlobals } from './namedGlobals';

type Globals = Record<string, unknown>;
const win = window as unknown as Globals;

afterEach(() => {
  document.body.innerHTML = '';
  ['__rw_remote_refund', 'RefundWidgets', 'webpackChunkrw_refund', '__rw_test_absent'].forEach((n) => delete win[n]);
});

test('hides <img name>, <a id> and <form name> standing in for a global; the global then reads undefined', () => {
  document.body.innerHTML =
    '<img name="__rw_remote_refund" alt=""><a id="RefundWidgets" href="#">x</a><form name="webpackChunkrw_refund"></form>';
  expect(win.__rw_remote_refund).toBeInstanceOf(HTMLImageElement);
  const hidden = shadowNamedGlobals(window, ['__rw_remote_refund', 'RefundWidgets', 'webpackChunkrw_refund']);
  expect(hidden).toEqual(['__rw_remote_refund', 'RefundWidgets', 'webpackChunkrw_refund']);
  expect(win.__rw_remote_refund).toBeUndefined();
  expect(win.RefundWidgets).toBeUndefined();
  // What webpack's runtime then does works: `self.webpackChunk… = self.webpackChunk… || []`.
  win.webpackChunkrw_refund = win.webpackChunkrw_refund || [];
  expect(Array.isArray(win.webpackChunkrw_refund)).toBe(true);
});

test('a named property on the prototype chain (as in browsers) is hidden by an own undefined', () => {
  const proto = { __rw_remote_refund: document.createElement('img') };
  const fake = Object.create(proto) as Globals;
  fake.Node = Node;
  expect(shadowNamedGlobals(fake as unknown as Window, ['__rw_remote_refund'])).toEqual(['__rw_remote_refund']);
  expect(Object.prototype.hasOwnProperty.call(fake, '__rw_remote_refund')).toBe(true);
  expect(fake.__rw_remote_refund).toBeUndefined();
});

test('leaves real own values alone and adds no global for names that resolve to nothing', () => {
  const container = { init: () => undefined, get: () => undefined };
  win.__rw_remote_refund = container;
  expect(shadowNamedGlobals(window, ['__rw_remote_refund', '__rw_test_absent'])).toEqual([]);
  expect(win.__rw_remote_refund).toBe(container);
  expect(Object.prototype.hasOwnProperty.call(window, '__rw_test_absent')).toBe(false);
});
