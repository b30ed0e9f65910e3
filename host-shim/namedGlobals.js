/**
 * Named elements cannot stand in for the shim's globals (docs/security.md "The shim trusts only
 * itself"). HTML can make `<img name="x">`, `<form name="x">`, `<iframe name="x">` or any
 * `<a id="x">` readable as `window.x`; such named properties live on the window's prototype
 * chain, never as the window's own property. Code that tests a global for truthiness
 * (`self.webpackChunk… || []`, the federation runtime's container lookup, the injected runtime
 * core) would take the element for the real thing.
 *
 * This file is plain JavaScript with no imports because it runs twice: imported by the shim, and as the banner webpack
 * puts before the shim's own runtime (webpack.config.js), so it runs before anything reads a
 * global.
 */
'use strict';

/**
 * For each name: when `win[name]` is found but is not the window's own property (a named
 * element or frame), or is an own property holding a DOM node, gives the window an own
 * `undefined` under that name, which hides the element from every later lookup. Names that
 * resolve to nothing, or to a real own value, are left alone, so no global is added.
 *
 * @param {Window} win the page's window
 * @param {string[]} names global names the shim or the remotes look up
 * @returns {string[]} the names that were hidden
 */
function shadowNamedGlobals(win, names) {
  var hidden = [];
  for (var i = 0; i < names.length; i += 1) {
    // `key`, not `name`: webpack's banner would read `[name]` as its placeholder.
    var key = names[i];
    var own = Object.prototype.hasOwnProperty.call(win, key);
    var value = own ? win[key] : undefined;
    var node = typeof win.Node === 'function' && value instanceof win.Node;
    if ((!own && key in win) || node) {
      try {
        win[key] = undefined;
        hidden.push(key);
      } catch {
        // a non-writable global is not ours to change
      }
    }
  }
  return hidden;
}

module.exports = { shadowNamedGlobals };
