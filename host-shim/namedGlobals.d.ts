/** Types of namedGlobals.js (plain JavaScript, also the shim's webpack banner). */
export function shadowNamedGlobals(win: Window, names: readonly string[]): string[];
