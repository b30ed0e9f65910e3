/** Types of namedGlobals.js (plain ES5, also the shim's webpack banner). */
export function shadowNamedGlobals(win: Window, names: readonly string[]): string[];
