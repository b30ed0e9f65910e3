/**
 * Named elements cannot stand in for the shim's globals (docs/security.md "The shim trusts only
 * itself"). Plain JavaScript without imports: it also runs as the shim's webpack banner, before
 * anything reads a global.
 */
'use strict';

/**
 * Gives the window an own `undefined` for each name found only through a named element or frame,
 * or holding a DOM node, hiding it from later lookups; other names are left alone.
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
