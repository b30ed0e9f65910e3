/**
 * Navigation URLs built with URLSearchParams (docs/decisions.md "Navigation").
 */

/**
 * Adds query parameters to a navigation target, keeping the target's own query and dropping its
 * fragment. Values are encoded by URLSearchParams (`@` → `%40`, `+` → `%2B`, space → `+`); a
 * parameter already present is replaced (names compared exactly).
 *
 * @param target a site-root path or absolute URL, possibly with a query (`/x?a=1`)
 * @param params names and values to set, in order
 * @returns `{path}?{query}`, or the bare path when there is no query
 */
export function withQuery(target: string, params: [string, string][]): string {
  const withoutHash = target.split('#')[0];
  const index = withoutHash.indexOf('?');
  const path = index === -1 ? withoutHash : withoutHash.slice(0, index);
  const search = new URLSearchParams(index === -1 ? '' : withoutHash.slice(index + 1));
  for (const [name, value] of params) search.set(name, value);
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The parameters of a query string as name/value pairs, in order, leaving out those whose name
 * is in `drop` (compared in any letter case, as ASP.NET reads query names).
 *
 * @param search a query string with or without '?'
 * @param drop names to leave out
 */
export function queryPairs(search: string, drop: string[] = []): [string, string][] {
  const dropped = new Set(drop.map((name) => name.toLowerCase()));
  return [...new URLSearchParams(search.replace(/^\?/, ''))].filter(([name]) => !dropped.has(name.toLowerCase()));
}
